// The audit bench's measurements of one proxy (scripts/bench/audit.ts, docs/decisions/0018): the
// helpers that start a proxy and sign in, and, over a log of a million entries, filtered pages,
// another session's latency while one pages through everything, and a CSV export.
import { readdirSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { spawnProxy, type ProxyProcess } from '../../src/proxy/testing/process.ts';
import { cpuOf } from './servers.ts';

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
const requestLine = z.object({ ms: z.number() });
const pagesTimedSchema = z.object({
  times: z.array(z.number()),
  delayP99: z.number(),
  cpuMs: z.number(),
  slowest: z.string(),
});

/**
 * Runs a bench script in a Node process of its own; its standard output. The input goes in as JSON
 * on its standard input: it holds session cookies, which a command line would show to `ps`.
 */
function run(script: string, input: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [script], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin?.end(JSON.stringify(input));
  });
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The `ms` of each request the proxy logged (one JSON line per request) on `route`. */
function proxyMsOf(log: string, route: string): number[] {
  const times: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes(`"route":"${route}"`)) continue;
    const { ms } = requestLine.parse(JSON.parse(line));
    times.push(ms);
  }
  return times;
}

/** Each process's CPU time so far (µs) and name, by pid. */
function cpuByProcess(): Map<number, { micros: number; name: string }> {
  const found = new Map<number, { micros: number; name: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      found.set(pid, { micros: cpuOf(pid), name: readFileSync(`/proc/${pid}/comm`, 'utf8').trim() });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found;
}

/** The five processes that used most CPU since `before`, in ms ("proxy" for the measured one). */
function busiestSince(before: Map<number, { micros: number; name: string }>, proxyPid: number): string {
  return [...cpuByProcess()]
    .map(([pid, now]) => ({
      name: pid === proxyPid ? 'proxy' : pid === process.pid ? 'bench' : `${now.name} ${pid}`,
      ms: Math.round((now.micros - (before.get(pid)?.micros ?? now.micros)) / 1000),
    }))
    .filter(({ ms }) => ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map(({ name, ms }) => `${name} ${ms} ms`)
    .join(', ');
}

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
  /** The same requests as the proxy timed them (its request log's `ms`): its own share of the tail. */
  proxyP50: number;
  proxyP99: number;
  /** The timing process's event-loop delay meanwhile, p99: the measuring side's share. */
  clientDelayP99: number;
  /** The slowest requests, each with its filter. */
  slowest: string;
  /** The processes that used most CPU while the filtered pages were timed (the timing one had ended). */
  busiest: string;
  /** The timing process's own CPU over its 400 requests. */
  timerCpuMs: number;
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
    // The filtered pages, timed by a process of their own (audit-pages.ts), with the proxy's own
    // time for each from its request log, and who used the CPU meanwhile.
    const loggedBefore = proxy.stdout().length;
    const cpuBefore = cpuByProcess();
    const timed = pagesTimedSchema.parse(
      JSON.parse(
        await run(path.join(import.meta.dirname, 'audit-pages.ts'), {
          url,
          cookies: readers,
          entries,
          headers,
        }),
      ),
    );
    const busiest = busiestSince(cpuBefore, pid);
    const proxyTimes = proxyMsOf(proxy.stdout().slice(loggedBefore), '/audit/entries');
    const pageTimes = timed.times;

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
      proxyP50: round1(percentile(proxyTimes, 50)),
      proxyP99: round1(percentile(proxyTimes, 99)),
      clientDelayP99: round1(timed.delayP99),
      slowest: timed.slowest,
      timerCpuMs: Math.round(timed.cpuMs),
      busiest,
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
