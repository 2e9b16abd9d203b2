// Where the unit tests' time goes (`npm run test:unit`, so `.ci/run` prints it): after Vitest's own
// summary, the ten slowest tests of the run, each with its project and file.
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestTests implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const tests = modules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        ms: test.diagnostic()?.duration ?? 0,
        name: `[${module.project.name}] ${module.relativeModuleId} > ${test.fullName}`,
      })),
    );
    const slowest = tests.sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length === 0) return;
    const lines = slowest.map(({ ms, name }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
    process.stdout.write(`\nSlowest ${slowest.length} unit tests:\n${lines.join('\n')}\n`);
  }
}
