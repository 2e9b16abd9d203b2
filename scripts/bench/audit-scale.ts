// The audit bench's measurements of one proxy (scripts/bench/audit.ts, docs/decisions/0018): the
// helpers that start a proxy and sign in, and, over a log of a million entries, filtered pages,
// another session's latency while one pages through everything, and a CSV export.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { spawnProxy, type ProxyProcess } from '../../src/proxy/testing/process.ts';

export const headers = { 'x-requested-with': 'provider-console', 'content-type': 'application/json' };
export const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const round1 = (value: number) => Math.round(value * 10) / 10;
const pause = () => new Promise((resolve) => setTimeout(resolve, 40));

export async function started(proxy: ProxyProcess): Promise<{ url: string; pid: number; ms: number }> {
  const at = performance.now();
  const url = await proxy.listening;
  const { pid } = proxy.child;
  if (pid === undefined) throw new Error('the proxy has no process id');
  return { url, pid, ms: Math.round(performance.now() - at) };
}

export async function stop(proxy: ProxyProcess): Promise<void> {
  proxy.child.kill('SIGTERM');
  await proxy.exited;
}

export async function demoLogin(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/demo-login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ as: 'parent' }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`demo login answered ${response.status}`);
  return cookie;
}

export interface ScaleFigures {
  pageP50: number;
  pageP99: number;
  pageRequests: number;
  aloneP50: number;
  aloneP99: number;
  whileP50: number;
  whileP99: number;
  pagesRead: number;
  /** Pages the proxy answered 429 (its pace for one session), waited out by the pager. */
  pagesPaced: number;
  entriesRead: number;
  csvRows: number;
  csvMs: number;
  csvAddedRss: number;
}

export async function measureScale(
  env: Record<string, string>,
  entries: number,
  pageSeconds: number,
): Promise<ScaleFigures> {
  const proxy = spawnProxy({ DEMO: 'true', ...env });
  const { url, pid } = await started(proxy);
  try {
    const [reader, pagerCookie] = [await demoLogin(url), await demoLogin(url)];
    // The filtered pages' latency, measured one request at a time: six sessions in turn, a request
    // every 40 ms, so that none comes near the proxy's pace for one session (10 pages a second).
    const readers = [reader, ...(await Promise.all(Array.from({ length: 5 }, () => demoLogin(url))))];
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
      await get(`/audit/entries${filter}`, readers[filters.indexOf(filter) % readers.length] ?? reader);
    const pageTimes: number[] = [];
    for (let index = 0; index < 400; index += 1) {
      // oxlint-disable-next-line no-await-in-loop -- one request at a time: latency, not throughput
      await pause();
      const session = readers[index % readers.length] ?? reader;
      // oxlint-disable-next-line no-await-in-loop -- as above
      pageTimes.push((await get(`/audit/entries${filters[index % filters.length]}`, session)).ms);
    }

    const sessionTimes = async (until: () => boolean, max: number) => {
      const times: number[] = [];
      while (!until() && times.length < max)
        // oxlint-disable-next-line no-await-in-loop -- as above
        times.push((await get('/auth/session', reader)).ms);
      return times;
    };
    const alone = await sessionTimes(() => false, 400);
    let done = false;
    const pager = new Worker(new URL('audit-pager.ts', import.meta.url), {
      workerData: { url, cookie: pagerCookie, seconds: pageSeconds, headers },
    });
    const paging = new Promise<{ pages: number; entries: number; refused: number }>((resolve, reject) => {
      pager.once('message', (message: { pages: number; entries: number; refused: number }) =>
        resolve(message),
      );
      pager.once('error', reject);
    }).finally(() => {
      done = true;
    });
    const during = await sessionTimes(() => done, Number.POSITIVE_INFINITY);
    const { pages: pagesRead, entries: entriesRead, refused: pagesPaced } = await paging;
    await pager.terminate();

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
      pagesPaced,
      entriesRead,
      csvRows: csv.text.trimEnd().split('\r\n').length - 1,
      csvMs: Math.round(csv.ms),
      csvAddedRss: mb(peak - before),
    };
  } finally {
    await stop(proxy);
  }
}
