import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * Two projects:
 * - unit: Node by default; files that need a DOM say `// @vitest-environment happy-dom`. The WXT plugin
 *   swaps `wxt/browser` for @webext-core/fake-browser and resolves WXT's aliases.
 * - e2e: the built extension in real Chromium, talking to loopback servers. One file at a time, since
 *   each test launches a browser and this machine has two cores.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
