import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "unit: 40 passed, 0 failed, 0 skipped", that CI and people can read
 * without knowing Vitest's own summary format. A file that failed to load counts as a failure.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const projects = new Set<string>();
    for (const module of testModules) {
      projects.add(module.project.name || 'tests');
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const label = [...projects].join('+') || 'tests';
    console.log(`\n${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
