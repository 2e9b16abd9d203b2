// `npm run bench`'s audit section (docs/decisions/0018), each figure beside its target: what the
// embedded database costs a proxy (start time, RSS added over the same proxy on a PostgreSQL
// server), and, over 1,000,000 entries on each engine, a filtered page's p99, another session's
// latency while one session pages through everything, and the CSV export of 100,000 entries (time
// and the proxy's RSS). Every proxy is `node src/proxy/main.ts` in a process of its own.
// Standalone: `node scripts/bench/audit.ts [--entries N] [--page-seconds S]`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnProxy, type ProxyProcess } from '../../src/proxy/testing/process.ts';
import { startPostgresServer } from '../../src/proxy/testing/postgres-server.ts';
import { copyDataDir, embeddedEngineFlags } from '../data-dir.ts';
import type { Row } from './report.ts';

const headers = { 'x-requested-with': 'provider-console', 'content-type': 'application/json' };
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

async function started(proxy: ProxyProcess): Promise<{ url: string; pid: number; ms: number }> {
  const at = performance.now();
  const url = await proxy.listening;
  const { pid } = proxy.child;
  if (pid === undefined) throw new Error('the proxy has no process id');
  return { url, pid, ms: Math.round(performance.now() - at) };
}

async function stop(proxy: ProxyProcess): Promise<void> {
  proxy.child.kill('SIGTERM');
  await proxy.exited;
}

async function demoLogin(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/demo-login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ as: 'parent' }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`demo login answered ${response.status}`);
  return cookie;
}

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

interface ScaleFigures {
  pageP50: number;
  pageP99: number;
  pageRequests: number;
  aloneP50: number;
  aloneP99: number;
  whileP50: number;
  whileP99: number;
  pagesRead: number;
  entriesRead: number;
  csvRows: number;
  csvMs: number;
  csvAddedRss: number;
}

async function measureScale(
  env: Record<string, string>,
  entries: number,
  pageSeconds: number,
): Promise<ScaleFigures> {
  const proxy = spawnProxy({ DEMO: 'true', ...env });
  const { url, pid } = await started(proxy);
  try {
    const [reader, pager] = [await demoLogin(url), await demoLogin(url)];
    const get = async (target: string, cookie: string) => {
      const at = performance.now();
      const response = await fetch(`${url}${target}`, { headers: { ...headers, cookie } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
      return { ms: performance.now() - at, text };
    };
    const day = 86_400_000;
    const now = Date.now();
    const filters = [
      '?centreId=517',
      '?action=doctor.register',
      '?outcome=refused',
      '?centreId=250&action=contract.event',
      `?from=${new Date(now - 200 * day).toISOString()}&to=${new Date(now - 190 * day).toISOString()}`,
      '?actor=client-7',
      '?centreId=999&outcome=refused&action=centre.create',
    ];
    // A deep page: the cursor of one found half-way through the log.
    const middle = (now - 200 * day) * 1 + '.' + String(Math.floor(entries / 2));
    filters.push(`?cursor=${middle}`, `?action=auth.sign_in&cursor=${middle}`);
    // Each filter once to warm the caches (the engine's and the OS's), then 400 measured.
    for (const filter of filters)
      // oxlint-disable-next-line no-await-in-loop -- one request at a time
      await get(`/audit/entries${filter}`, reader);
    const pageTimes: number[] = [];
    for (let index = 0; index < 400; index += 1)
      // oxlint-disable-next-line no-await-in-loop -- one request at a time: latency, not throughput
      pageTimes.push((await get(`/audit/entries${filters[index % filters.length]}`, reader)).ms);

    const sessionTimes = async (until: () => boolean, max: number) => {
      const times: number[] = [];
      while (!until() && times.length < max)
        // oxlint-disable-next-line no-await-in-loop -- as above
        times.push((await get('/auth/session', reader)).ms);
      return times;
    };
    const alone = await sessionTimes(() => false, 400);
    let done = false;
    let pagesRead = 0;
    let entriesRead = 0;
    const deadline = performance.now() + pageSeconds * 1000;
    const paging = (async () => {
      let cursor = '';
      while (performance.now() < deadline) {
        // oxlint-disable-next-line no-await-in-loop -- one page after the other, as an export would
        const { text } = await get(`/audit/entries?limit=200${cursor ? `&cursor=${cursor}` : ''}`, pager);
        const page = JSON.parse(text) as { entries: unknown[]; next: string | null };
        pagesRead += 1;
        entriesRead += page.entries.length;
        if (!page.next) break;
        cursor = page.next;
      }
      done = true;
    })();
    const during = await sessionTimes(() => done, Number.POSITIVE_INFINITY);
    await paging;

    // 100,000 entries: the newest 40 of the 400 days.
    const before = memoryOf(pid).rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 50);
    const csv = await get(`/audit/entries.csv?from=${new Date(now - 40 * day).toISOString()}`, reader);
    clearInterval(sampler);
    return {
      pageP50: round1(percentile(pageTimes, 50)),
      pageP99: round1(percentile(pageTimes, 99)),
      pageRequests: pageTimes.length,
      aloneP50: round1(percentile(alone, 50)),
      aloneP99: round1(percentile(alone, 99)),
      whileP50: round1(percentile(during, 50)),
      whileP99: round1(percentile(during, 99)),
      pagesRead,
      entriesRead,
      csvRows: csv.text.trimEnd().split('\r\n').length - 1,
      csvMs: Math.round(csv.ms),
      csvAddedRss: mb(peak - before),
    };
  } finally {
    await stop(proxy);
  }
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
  try {
    step('audit: the proxy on a PostgreSQL server, then embedded (first start, restart)');
    const server = await measureProxy({ DATABASE_URL: await postgres.createDatabase('reference') });
    const first = await measureProxy({ DATA_DIR: empty });
    const restart = await measureProxy({ DATA_DIR: empty });

    step(`audit: ${entries.toLocaleString('en')} entries into PGlite and into PostgreSQL`);
    const seedAt = performance.now();
    await seed(big.dir, entries);
    const seedPgliteMs = performance.now() - seedAt;
    const scaleUrl = await postgres.createDatabase('scale');
    await seed(scaleUrl, entries);
    step('audit: filtered pages, another session while one pages through everything, CSV (PGlite)');
    const embedded = await measureScale({ DATA_DIR: big.dir }, entries, pageSeconds);
    step('audit: the same on PostgreSQL');
    const onServer = await measureScale({ DATABASE_URL: scaleUrl }, entries, pageSeconds);

    const added = (cost: EngineCost) => mb(cost.rss - server.rss);
    const scaleRows = (name: string, figures: ScaleFigures): Row[] => [
      {
        figure: `audit, ${name}: filtered page over ${entries.toLocaleString('en')} entries, p50 / p99`,
        measured: [figures.pageP50, figures.pageP99],
        unit: 'ms',
        target: 'p99 < 50 ms',
        met: figures.pageP99 < 50,
        reference: `/auth/session (no database) ${figures.aloneP50} / ${figures.aloneP99} ms`,
        detail: `${figures.pageRequests} requests over HTTP, one at a time, round-robin over 9 filters (centre, action, outcome, centre and action, a 10-day range, actor, three together, two deep cursors), after one warm-up request each`,
      },
      {
        figure: `audit, ${name}: another session's /auth/session while one pages through everything, p50 / p99`,
        measured: [figures.whileP50, figures.whileP99],
        unit: 'ms',
        target: '≤ alone + 1 ms / + 10 ms',
        met: figures.whileP50 <= figures.aloneP50 + 1 && figures.whileP99 <= figures.aloneP99 + 10,
        reference: `alone ${figures.aloneP50} / ${figures.aloneP99} ms`,
        detail: `the other session read ${figures.pagesRead} pages of 200 (${figures.entriesRead.toLocaleString('en')} entries) in at most ${pageSeconds} s`,
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
