// `npm test`: the gates in order (each an npm script), stopping at the first failure, each followed
// by the seconds it took and all of them in a table at the end, so that a slow gate is seen in
// every run (`.ci/run` runs `npm test`).
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
const took: [string, number][] = [];
let status = 0;
for (const stage of stages) {
  const started = performance.now();
  const result = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  took.push([stage, seconds]);
  console.log(`\n== ${stage}: ${seconds.toFixed(1)} s`);
  status = result.status ?? 1;
  if (status !== 0) break;
}
const total = took.reduce((sum, [, seconds]) => sum + seconds, 0);
const width = Math.max(...stages.map((stage) => stage.length), 'total'.length);
console.log(`\nSeconds per gate${status === 0 ? '' : ' (stopped at the first failure)'}:`);
for (const [stage, seconds] of [...took, ['total', total] as const])
  console.log(`  ${stage.padEnd(width)} ${seconds.toFixed(1).padStart(7)}`);
process.exit(status);
