// `npm run bench`'s audit section (docs/decisions/0018), each figure beside its target: what the
// embedded database costs a proxy (start time, RSS added over the same proxy on a PostgreSQL
// server), and, over 1,000,000 entries on each engine, a filtered page's p99, another session's
// latency while one session pages through everything, and the CSV export of 100,000 entries (time
// and the proxy's RSS). Every proxy is `node src/proxy/main.ts` in a process of its own.
// Standalone: `node scripts/bench/audit.ts [--entries N] [--page-seconds S]`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnProxy } from '../../src/proxy/testing/process.ts';
import { startPostgresServer } from '../../src/proxy/testing/postgres-server.ts';
import { copyDataDir, embeddedEngineFlags } from '../data-dir.ts';
import {
  demoLogin,
  headers,
  mb,
  measureScale,
  memoryOf,
  started,
  stop,
  type ScaleFigures,
} from './audit-scale.ts';
import type { Row } from './report.ts';

/** A session's ordinary hour in a few seconds: contract events, doctors, reads of the log. */
async function workload(url: string, cookie: string): Promise<void> {
  const post = (apiPath: string, body: unknown) =>
    fetch(`${url}/api${apiPath}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
  for (let index = 0; index < 40; index += 1) {
    // oxlint-disable-next-line no-await-in-loop -- one change after the other, as a person makes them
    await post('/payments/v1/partner/webhook', {
      id: `evt_bench_${index}_${Date.now()}`,
      type: 'customer.subscription.updated',
      data: { providerId: 101, items: [{ planType: 'BASIC', quantity: 10 + (index % 5) }] },
    });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await post('/iam/v1/register/healthProviderDoctor', {
      doctors: [
        {
          name: 'Ana',
          lastname: 'Bench',
          doctorId: `bench-${index}`,
          healthProviderId: 101,
          doctorSpeciality: 3,
          lang: 'ES',
        },
      ],
    });
  }
  for (const query of ['', '?action=contract.event', '?outcome=refused', '?centreId=101'])
    // oxlint-disable-next-line no-await-in-loop -- one read after the other
    await (await fetch(`${url}/audit/entries${query}`, { headers: { ...headers, cookie } })).text();
}

interface EngineCost {
  startMs: number;
  rss: number;
  peak: number;
}

async function measureProxy(env: Record<string, string>): Promise<EngineCost> {
  const proxy = spawnProxy({ DEMO: 'true', ...env });
  const { url, pid, ms } = await started(proxy);
  await workload(url, await demoLogin(url));
  // Settled: a second after the workload.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const memory = memoryOf(pid);
  await stop(proxy);
  return { startMs: ms, ...memory };
}

function seed(target: string, entries: number): Promise<void> {
  const child = spawn(
    process.execPath,
    [...embeddedEngineFlags, path.join(import.meta.dirname, 'audit-seed.ts'), target, String(entries)],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding exited ${code}`)))),
  );
}

export async function benchAudit(
  step: (text: string) => void,
  options: { entries?: number; pageSeconds?: number } = {},
): Promise<Row[]> {
  const entries = options.entries ?? 1_000_000;
  const pageSeconds = options.pageSeconds ?? 60;
  const postgres = await startPostgresServer();
  const empty = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const big = copyDataDir();
  // Required beside DATABASE_URL (docs/decisions/0023): it seals connection secrets.
  const sealed = { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  try {
    step('audit: the proxy on a PostgreSQL server, then embedded (first start, restart)');
    const server = await measureProxy({
      DATABASE_URL: await postgres.createDatabase('reference'),
      ...sealed,
    });
    const first = await measureProxy({ DATA_DIR: empty });
    const restart = await measureProxy({ DATA_DIR: empty });

    // Each engine is filled just before it is measured: a server filled first would still be
    // writing its checkpoint while the embedded engine is measured, on the same two cores.
    step(`audit: ${entries.toLocaleString('en')} entries into PGlite`);
    const seedAt = performance.now();
    await seed(big.dir, entries);
    const seedPgliteMs = performance.now() - seedAt;
    step('audit: filtered pages, another session while one pages through everything, CSV (PGlite)');
    const embedded = await measureScale({ DATA_DIR: big.dir }, entries, pageSeconds);
    step(`audit: ${entries.toLocaleString('en')} entries into PostgreSQL, then the same there`);
    const scaleUrl = await postgres.createDatabase('scale');
    await seed(scaleUrl, entries);
    const onServer = await measureScale({ DATABASE_URL: scaleUrl, ...sealed }, entries, pageSeconds);

    const added = (cost: EngineCost) => mb(cost.rss - server.rss);
    const scaleRows = (name: string, figures: ScaleFigures): Row[] => [
      {
        figure: `audit, ${name}: filtered page over ${entries.toLocaleString('en')} entries, p50 / p99`,
        measured: [figures.pageP50, figures.pageP99],
        unit: 'ms',
        target: 'p99 < 50 ms',
        met: figures.pageP99 < 50,
        reference: `/auth/session (no database) ${figures.aloneP50} / ${figures.aloneP99} ms`,
        detail: `${figures.pageRequests} requests over HTTP, one at a time 40 ms apart from six sessions in turn, round-robin over 9 filters (centre, action, outcome, centre and action, a 10-day range, actor, three together, two deep cursors), after one warm-up request each; as the proxy logged them ${figures.proxyP50} / ${figures.proxyP99} ms; timed by a process of their own (audit-pages.ts), whose event-loop delay p99 was ${figures.clientDelayP99} ms and CPU ${figures.timerCpuMs} ms; slowest ${figures.slowest}; CPU meanwhile: ${figures.busiest}`,
      },
      {
        figure: `audit, ${name}: another session's /auth/session while one pages through everything, p50 / p99`,
        measured: [figures.whileP50, figures.whileP99],
        unit: 'ms',
        target: '≤ alone + 1 ms / + 10 ms',
        met: figures.whileP50 <= figures.aloneP50 + 1 && figures.whileP99 <= figures.aloneP99 + 10,
        reference: `alone ${figures.aloneP50} / ${figures.aloneP99} ms`,
        detail: `the other session, in a thread of its own, read ${figures.pagesRead} pages of 200 (${figures.entriesRead.toLocaleString('en')} entries) in at most ${pageSeconds} s at the proxy's pace of 10 pages a second for one session (${figures.pagesPaced} answered 429 and were waited out)`,
      },
      {
        figure: `audit, ${name}: CSV export of ${figures.csvRows.toLocaleString('en')} entries, time / proxy RSS added`,
        measured: [figures.csvMs, figures.csvAddedRss],
        unit: 'ms / MB',
        target: '≤ 10,000 ms / ≤ 100 MB',
        met: figures.csvMs <= 10_000 && figures.csvAddedRss <= 100,
        reference: '—',
      },
    ];
    return [
      {
        figure: 'embedded database: proxy start, first (makes the database) / restart',
        measured: [first.startMs, restart.startMs],
        unit: 'ms',
        target: 'restart ≤ the same on a server + 2,000 ms',
        met: restart.startMs <= server.startMs + 2_000,
        reference: `on a PostgreSQL server ${server.startMs} ms`,
      },
      {
        figure: 'embedded database: RSS added to the proxy after a workload, first / restart',
        measured: [added(first), added(restart)],
        unit: 'MB',
        target: '< 300 MB',
        met: added(first) < 300 && added(restart) < 300,
        reference: `the proxy on a PostgreSQL server ${mb(server.rss)} MB (peak ${mb(server.peak)} MB)`,
        detail: `RSS ${mb(first.rss)} / ${mb(restart.rss)} MB, peak (VmHWM) ${mb(first.peak)} / ${mb(restart.peak)} MB; the first start's database is made by a child process (initdb), outside the proxy's RSS`,
      },
      ...scaleRows('PGlite', embedded),
      ...scaleRows('PostgreSQL', onServer),
      {
        figure: `audit: seeding ${entries.toLocaleString('en')} entries into PGlite`,
        measured: [Math.round(seedPgliteMs / 1000)],
        unit: 's',
        target: '—',
        met: true,
        reference: '—',
      },
    ];
  } finally {
    rmSync(empty, { recursive: true, force: true });
    big.remove();
    await postgres.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { values } = parseArgs({
    options: { entries: { type: 'string' }, 'page-seconds': { type: 'string' } },
  });
  const rows = await benchAudit((text) => console.info(text), {
    entries: values.entries ? Number(values.entries) : undefined,
    pageSeconds: values['page-seconds'] ? Number(values['page-seconds']) : undefined,
  });
  for (const row of rows)
    console.info(
      `${row.met ? '  ' : '✗ '}${row.figure}: ${row.measured.join(' / ')} ${row.unit} (target ${row.target}; ${row.reference})${row.detail ? `\n    ${row.detail}` : ''}`,
    );
}
