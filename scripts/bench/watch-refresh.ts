// `npm run bench:watch`: one full refresh of a stored connection over a generated world
// (`--centres`, default 10,000, each with `--doctors` BASIC doctors, default 3, so that 4.6 is read
// for every centre as well as 4.7), on the embedded database (PGlite) or `DATABASE_URL`, with the
// simulator in this process (docs/decisions/0025). It reports the time of the first refresh (every
// centre new: a snapshot and an `appeared` row each) and of a second one (nothing changed: fetch
// times only), the requests and the peak in flight where they reach the simulator, and this
// process's CPU time, beside the target: a full pass within WATCH_INTERVAL_MINUTES (15). `--json`
// prints the two runs as JSON only (what `npm run bench` reads: `watchRefreshFigures`).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openStore } from '../../src/proxy/core/store/engine.ts';
import { demoLogins } from '../../src/proxy/core/upstream/environments.ts';
import { addConnection, countedSimulator, startWatchWorld } from '../../src/proxy/testing/watch-world.ts';
import { createSimulator } from '../../src/simulator/index.ts';
import { copyDataDir, ensureTemplate } from '../data-dir.ts';

const { values: args } = parseArgs({
  options: {
    centres: { type: 'string' },
    doctors: { type: 'string' },
    concurrency: { type: 'string' },
    json: { type: 'boolean' },
  },
});
const centres = Number(args.centres ?? 10_000);
const doctors = Number(args.doctors ?? 3);
const concurrency = Number(args.concurrency ?? 8);

await ensureTemplate();
const data = copyDataDir();
const store = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: data.dir });
const upstream = countedSimulator(createSimulator({ seed: { centres, doctors } }));
const world = await startWatchWorld(store, upstream, { concurrency });
const connection = await addConnection(world.directory, demoLogins.parent);

const run = async (label: string) => {
  const before = upstream.seen.length;
  upstream.counts.maxInFlight = 0;
  const cpu = process.cpuUsage();
  // What the refresh leaves the proxy's own thread: how late a timer fires while it runs (the
  // requests of everyone else wait as long). The simulator answers on this thread too, as in the demo.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const done = world.refreshed(connection.id);
  await world.watcher.refresh(connection.id);
  const result = await done;
  const used = process.cpuUsage(cpu);
  // The timer's next tick records the last stretch (a chain that ran to the end is counted).
  await new Promise((resolve) => setTimeout(resolve, 50));
  delay.disable();
  return {
    run: label,
    outcome: result.outcome,
    centres: result.centres,
    changes: result.changes,
    seconds: Math.round(performance.now() - started) / 1000,
    requests: upstream.seen.length - before,
    peakInFlight: upstream.counts.maxInFlight,
    cpuSeconds: Math.round((used.user + used.system) / 1000) / 1000,
    loopDelayP99Ms: Math.round(delay.percentile(99) / 1e5) / 10,
    loopDelayMaxMs: Math.round(delay.max / 1e5) / 10,
  };
};

try {
  const rows = [await run('first (all new)'), await run('second (unchanged)')];
  if (args.json) {
    console.info(JSON.stringify({ engine: store.engine.kind, concurrency, rows }));
  } else {
    console.table(rows);
    console.info(
      `target: a full pass within the interval (15 min = 900 s), never more than ${concurrency} in flight; engine ${store.engine.kind}`,
    );
  }
} finally {
  await world.watcher.stop();
  await world.directory.removeConnection(connection.id);
  await store.close();
  data.remove();
}
