// Where the browser tests' time goes (`npm run test:e2e`, so `.ci/run` prints it): at the end of
// the run, the ten slowest tests, each with its project and file (every attempt counts).
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SlowestTests implements Reporter {
  private readonly tests: { ms: number; name: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const [, project, file, ...titles] = test.titlePath();
    this.tests.push({ ms: result.duration, name: `[${project}] ${file} > ${titles.join(' > ')}` });
  }

  onEnd(_result: FullResult): void {
    const slowest = this.tests.sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length === 0) return;
    const lines = slowest.map(({ ms, name }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
    process.stdout.write(`\nSlowest ${slowest.length} browser tests:\n${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
