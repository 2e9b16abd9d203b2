// `node scripts/bench/audit-interleave.ts --data-dir D [--seconds S] [--rounds R] <checkout> <checkout>…`:
// the audit bench's figure "another session's /auth/session while one session pages through
// everything" (audit-scale.ts) for several checkouts of this repository, interleaved round by round
// on one seeded DATA_DIR (audit-seed.ts), so that a change is measured against its baseline under
// the same load on a shared machine (docs/decisions/0018). Also the proxy's CPU per page read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { spawnProxy as SpawnProxy } from '../../src/proxy/testing/process.ts';
import { demoLogin, headers, started, stop } from './audit-scale.ts';

const { values, positionals } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    seconds: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '3' },
  },
  allowPositionals: true,
});
const dataDir = values['data-dir'];
if (!dataDir || positionals.length === 0) throw new Error('usage: --data-dir D <checkout>…');

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const cpuTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
};

async function measure(checkout: string) {
  const module = (await import(path.resolve(checkout, 'src/proxy/testing/process.ts'))) as {
    spawnProxy: typeof SpawnProxy;
  };
  const proxy = module.spawnProxy({ DEMO: 'true', DATA_DIR: dataDir ?? '' });
  const { url, pid } = await started(proxy);
  try {
    const [reader, pagerCookie] = [await demoLogin(url), await demoLogin(url)];
    const get = async () => {
      const at = performance.now();
      const response = await fetch(`${url}/auth/session`, { headers: { ...headers, cookie: reader } });
      await response.text();
      return performance.now() - at;
    };
    const times = async (until: () => boolean, max: number) => {
      const list: number[] = [];
      // oxlint-disable-next-line no-await-in-loop -- one request at a time: latency, not throughput
      while (!until() && list.length < max) list.push(await get());
      return list;
    };
    await times(() => false, 50);
    const alone = await times(() => false, 400);
    const ticks = cpuTicks(pid);
    let done = false;
    const pager = new Worker(new URL('audit-pager.ts', import.meta.url), {
      workerData: { url, cookie: pagerCookie, seconds: Number(values.seconds), headers },
    });
    const paging = new Promise<{ pages: number }>((resolve, reject) => {
      pager.once('message', resolve);
      pager.once('error', reject);
    }).finally(() => {
      done = true;
    });
    const during = await times(() => done, Number.POSITIVE_INFINITY);
    const { pages } = await paging;
    const cpuMs = (cpuTicks(pid) - ticks) * 10;
    await pager.terminate();
    return {
      aloneP50: percentile(alone, 50),
      aloneP99: percentile(alone, 99),
      whileP50: percentile(during, 50),
      whileP99: percentile(during, 99),
      pages,
      cpuPerPage: cpuMs / pages,
    };
  } finally {
    await stop(proxy);
  }
}

const f = (value: number) => value.toFixed(1);
for (let round = 1; round <= Number(values.rounds); round += 1)
  for (const checkout of positionals) {
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    // oxlint-disable-next-line no-await-in-loop -- one proxy at a time, on one DATA_DIR
    const r = await measure(checkout);
    console.info(
      `round ${round} ${path.basename(checkout)}: alone ${f(r.aloneP50)} / ${f(r.aloneP99)} ms, while paging ${f(r.whileP50)} / ${f(r.whileP99)} ms, ${r.pages} pages, proxy CPU ${f(r.cpuPerPage)} ms a page (load ${load})`,
    );
  }
