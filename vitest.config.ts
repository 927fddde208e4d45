/**
 * Four projects:
 * - unit: Node by default; files that need a DOM say `// @vitest-environment happy-dom`. The WXT plugin
 *   swaps `wxt/browser` for @webext-core/fake-browser and resolves WXT's aliases.
 * - e2e: the built extension in real Chromium, talking to loopback servers. One file at a time, since
 *   each test launches a browser and this machine has two cores.
 * - e2e-firefox: the Firefox build in real Firefox ESR, running the user journeys shared with Chromium
 *   (tests/e2e/journeys, which the e2e project runs too) and the Firefox-only tests (tests/e2e/firefox).
 *   `e2eBrowser` tells the journeys which driver to start (tests/e2e/harness/driver.ts).
 * - store: builds the store packages and checks them (manifest rules, addons-linter). CPU-heavy for up to
 *   a minute, so it runs after the unit tests (`npm run test:unit` runs both), not beside them.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

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
          name: 'store',
          include: ['tests/store/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/firefox/**'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          provide: { e2eBrowser: 'chromium' },
          // A poll waits for a state the browser reaches (a verdict drawn, a tab opened), however loaded the
          // machine is: the test's own timeout bounds it, not a guess of how fast the browser is.
          expect: { poll: { timeout: 120_000, interval: 100 } },
          // The two browser suites run one after the other (two cores: one browser at a time).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-firefox',
          include: ['tests/e2e/journeys/**/*.test.ts', 'tests/e2e/firefox/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          provide: { e2eBrowser: 'firefox' },
          // A poll waits for a state the browser reaches (a verdict drawn, a tab opened), however loaded the
          // machine is: the test's own timeout bounds it, not a guess of how fast the browser is.
          expect: { poll: { timeout: 120_000, interval: 100 } },
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
