// The audit bench's filtered pages, timed by a process of its own (audit-scale.ts starts it): the
// client the proxy answers is then just a client. Timed from the bench's own process, after its
// Lighthouse, browser and load sections, the same pages read a p99 of 73 ms while the proxy logged
// 33: that process spent twice its usual CPU meanwhile (bench/notes/store-and-audit.md).
// Its input is one JSON object on standard input (url, cookies, entries, headers); one JSON line out.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { text } from 'node:stream/consumers';
import { z } from 'zod';

const input = z
  .object({
    url: z.string(),
    /** Six sessions, taken in turn. */
    cookies: z.array(z.string()).min(1),
    /** How many entries the log holds: the deep cursor is half-way through. */
    entries: z.number(),
    headers: z.record(z.string(), z.string()),
  })
  .parse(JSON.parse(await text(process.stdin)));

const day = 86_400_000;
const now = Date.now();
const middle = `${now - 200 * day}.${Math.floor(input.entries / 2)}`;
const filters = [
  '?centreId=517',
  '?action=doctor.register',
  '?outcome=refused',
  '?centreId=250&action=contract.event',
  `?from=${new Date(now - 200 * day).toISOString()}&to=${new Date(now - 190 * day).toISOString()}`,
  '?actor=client-7',
  '?centreId=999&outcome=refused&action=centre.create',
  // Deep pages: a cursor half-way through the log.
  `?cursor=${middle}`,
  `?action=auth.sign_in&cursor=${middle}`,
];

const get = async (index: number) => {
  const target = `/audit/entries${filters[index % filters.length]}`;
  const cookie = input.cookies[index % input.cookies.length];
  const at = performance.now();
  const response = await fetch(`${input.url}${target}`, { headers: { ...input.headers, cookie } });
  await response.text();
  if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
  return performance.now() - at;
};

// Each filter once to warm the caches (the engine's and the OS's), then 400 measured: one at a
// time, 40 ms apart, so that no session comes near the proxy's pace (10 pages a second).
for (let index = 0; index < filters.length; index += 1)
  // oxlint-disable-next-line no-await-in-loop -- one request at a time
  await get(index);
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const cpuBefore = process.cpuUsage();
const times: number[] = [];
for (let index = 0; index < 400; index += 1) {
  // oxlint-disable-next-line no-await-in-loop -- one request at a time: latency, not throughput
  await new Promise((resolve) => setTimeout(resolve, 40));
  // oxlint-disable-next-line no-await-in-loop -- as above
  times.push(await get(index));
}
delay.disable();
const cpu = process.cpuUsage(cpuBefore);
const slowest = times
  .map((ms, index) => ({ ms, filter: filters[index % filters.length] ?? '' }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 5)
  .map(({ ms, filter }) => `${Math.round(ms)} ms ${filter.replace(/=[^&]*/g, '')}`)
  .join(', ');
console.info(
  JSON.stringify({
    times,
    delayP99: delay.percentile(99) / 1e6,
    cpuMs: (cpu.user + cpu.system) / 1000,
    slowest,
  }),
);
