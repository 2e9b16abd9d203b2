// `npm run bench`'s watcher rows (issue 26, docs/decisions/0025): `bench:watch` run as a process of
// its own (the embedded engine's flags, its simulator in-process), read back as JSON and set beside
// the targets: a full pass over 10,000 centres within the interval (15 minutes), never more requests
// in flight than WATCH_CONCURRENCY, and the proxy's thread free for other requests meanwhile.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { embeddedEngineFlags } from '../data-dir.ts';
import type { Row } from './report.ts';

const figures = z.object({
  engine: z.string(),
  concurrency: z.number(),
  rows: z.array(
    z.object({
      run: z.string(),
      outcome: z.string(),
      centres: z.number(),
      seconds: z.number(),
      requests: z.number(),
      peakInFlight: z.number(),
      cpuSeconds: z.number(),
      loopDelayP99Ms: z.number(),
      loopDelayMaxMs: z.number(),
    }),
  ),
});

export function watchRefreshRows(centres = 10_000): Row[] {
  const script = path.resolve(import.meta.dirname, 'watch-refresh.ts');
  // The embedded default, as `npm start` runs it.
  const { DATABASE_URL: _unused, ...env } = process.env;
  const output = execFileSync(
    process.execPath,
    [...embeddedEngineFlags, script, '--centres', String(centres), '--json'],
    { encoding: 'utf8', env, maxBuffer: 1024 * 1024 },
  );
  const last = output.trim().split('\n').at(-1) ?? '';
  const { engine, concurrency, rows } = figures.parse(JSON.parse(last));
  const [first, second] = rows;
  if (!first || !second) throw new Error('bench:watch gave fewer than two runs');
  const count = centres.toLocaleString('en');
  return [
    {
      figure: `watcher: full refresh of ${count} centres, first (all new) / unchanged`,
      measured: [first.seconds, second.seconds],
      unit: 's',
      target: '≤ 900 s (WATCH_INTERVAL_MINUTES 15)',
      met:
        first.outcome === 'ok' && second.outcome === 'ok' && Math.max(first.seconds, second.seconds) <= 900,
      reference: `${first.requests} / ${second.requests} requests; this process's CPU (simulator included) ${first.cpuSeconds} / ${second.cpuSeconds} s; ${engine}`,
    },
    {
      figure: `watcher: peak requests in flight over ${count} centres`,
      measured: [Math.max(first.peakInFlight, second.peakInFlight)],
      unit: '',
      target: `≤ ${concurrency} (WATCH_CONCURRENCY)`,
      met: Math.max(first.peakInFlight, second.peakInFlight) <= concurrency,
      reference: '—',
    },
    {
      // What everyone else's requests wait while a refresh runs (bench/notes/store-and-audit.md).
      figure: `watcher: the proxy's event-loop delay during a refresh of ${count} centres, p99, first / unchanged`,
      measured: [first.loopDelayP99Ms, second.loopDelayP99Ms],
      unit: 'ms',
      target: '≤ 100 ms (a response within 0.1 s)',
      met: Math.max(first.loopDelayP99Ms, second.loopDelayP99Ms) <= 100,
      reference: `max ${first.loopDelayMaxMs} / ${second.loopDelayMaxMs} ms; the simulator answers on the same thread`,
    },
  ];
}
