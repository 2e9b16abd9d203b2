// `npm run bench:centre-page`: what a centre's page waits on before its header can paint, over the
// bench's world of 10,000 centres (docs/decisions/0024): before, the parent's whole child list
// (4.5, forwarded), parsed and validated on the page; now, the proxy's one small answer for that
// centre from its index (the first read fills the index from 4.5; the next ones are answered from
// it). Bytes as they travel (gzip, as a browser accepts) and decoded; time to the last byte, and the
// contract's parse and check of the body (Node here, the page's main thread in a browser). Median of
// `--runs` (default 15). Ports `--port` and the one after it (default 8890, the bench's). `--lcp`:
// also the LCP of cold loads of the centre's Licences tab at 4× CPU (the bench's measure, 0017).
import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { centreRecordSchema } from '../../src/proxy-api/centres.ts';
import { childCentersPageSchema } from '../../src/contract/operations/list-child-centers.ts';
import { envelopePayload } from '../../src/contract/schemas.ts';
import { findChromium } from '../find-chromium.ts';
import { coldLoads, launchBrowser } from './browser.ts';
import { signIn, startProxy, startSimulator } from './servers.ts';

const { values: args } = parseArgs({
  options: { runs: { type: 'string' }, port: { type: 'string' }, lcp: { type: 'boolean' } },
});
const runs = Number(args.runs ?? 15);
const port = Number(args.port ?? 8890);

type Answer = { status: number; wireBytes: number; bytes: number; ms: number; body: string };

function gunzip(raw: Buffer): Buffer | undefined {
  try {
    return gunzipSync(raw);
  } catch {
    return undefined;
  }
}

/** One GET as a browser sends it (gzip accepted), timed to its last byte, its bytes counted raw. */
function get(url: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { headers: { cookie, 'x-requested-with': 'provider-console', 'accept-encoding': 'gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const decoded = response.headers['content-encoding'] === 'gzip' ? (gunzip(raw) ?? raw) : raw;
          resolve({
            status: response.statusCode ?? 0,
            wireBytes: raw.length,
            bytes: decoded.length,
            ms,
            body: decoded.toString('utf8'),
          });
        });
      },
    );
    request.on('error', reject);
  });
}

/** Milliseconds the contract takes to parse and check `body` with `schema`. */
function parseMs(body: string, check: (json: unknown) => boolean): number {
  const started = performance.now();
  if (!check(JSON.parse(body))) throw new Error('the body did not pass the contract');
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const listSchema = envelopePayload(childCentersPageSchema);
const simulator = await startSimulator(port + 1, 10_000, 2);
const proxy = await startProxy(port, simulator.url);
try {
  const cookie = await signIn(proxy.url);
  const listUrl = `${proxy.url}/api/core/v1/provider/100/child`;
  const first = await get(listUrl, cookie);
  const centre = (listSchema.parse(JSON.parse(first.body)) as { data: { id: number; name: string }[] })
    .data[0];
  const centreUrl = `${proxy.url}/api/centres/${centre?.id}`;
  // Where the proxy has no index (the code before it), only the whole list is measured.
  const indexed = (await get(centreUrl, cookie)).status === 200;

  const before: Answer[] = [];
  const beforeParse: number[] = [];
  const after: Answer[] = [];
  const afterParse: number[] = [];
  // A fresh session's first read fills the index (the cold case): one per run, after a logout.
  const cold: Answer[] = [];
  for (let run = 0; run < runs; run += 1) {
    // oxlint-disable-next-line no-await-in-loop -- one request at a time, each timed alone
    const whole = await get(listUrl, cookie);
    before.push(whole);
    beforeParse.push(parseMs(whole.body, (json) => listSchema.safeParse(json).success));
    if (indexed) {
      // oxlint-disable-next-line no-await-in-loop -- as above
      const one = await get(centreUrl, cookie);
      after.push(one);
      afterParse.push(parseMs(one.body, (json) => centreRecordSchema.safeParse(json).success));
    }
  }
  if (indexed)
    for (let run = 0; run < Math.min(runs, 5); run += 1) {
      // oxlint-disable-next-line no-await-in-loop -- a new session each time, whose logout drops the index
      const session = await signIn(proxy.url);
      // oxlint-disable-next-line no-await-in-loop -- as above
      cold.push(await get(centreUrl, session));
      // oxlint-disable-next-line no-await-in-loop -- as above
      await fetch(`${proxy.url}/auth/logout`, {
        method: 'POST',
        headers: { cookie: session, 'x-requested-with': 'provider-console' },
      });
    }
  // The page itself: a cold load of the centre's Licences tab at 4× CPU, its LCP (the centre's name).
  let lcp = '';
  if (args.lcp) {
    const browser = await launchBrowser(process.env['CHROME_PATH'] ?? findChromium() ?? '/usr/bin/chromium');
    try {
      const loads = await coldLoads(
        browser,
        {
          name: 'centre',
          url: `${proxy.url}/centres/${centre?.id}/licences`,
          cookie,
          ready: centre?.name ?? '',
        },
        Math.min(runs, 5),
      );
      lcp = `LCP of the centre's Licences tab at 4× CPU: median ${loads.lcpMs.toFixed(0)} ms (runs ${loads.lcpRuns.map((ms) => ms.toFixed(0)).join(', ')}; ${loads.lcpElements.join(', ')})`;
    } finally {
      await browser.close();
    }
  }
  const row = (name: string, answers: Answer[], parse: number[] | undefined) =>
    `| ${name} | ${answers[0]?.status} | ${median(answers.map((a) => a.wireBytes)).toLocaleString('en')} | ${median(answers.map((a) => a.bytes)).toLocaleString('en')} | ${median(answers.map((a) => a.ms)).toFixed(1)} | ${parse ? median(parse).toFixed(2) : '–'} |`;
  console.info(
    [
      `centre page's first answer, 10,000 centres, median of ${runs} (load average ${loadavg()[0]?.toFixed(2)})`,
      '',
      '| answer | status | bytes on the wire (gzip) | bytes decoded | ms to last byte | ms parse + check |',
      '|---|---|---|---|---|---|',
      row('before: the whole child list (4.5)', before, beforeParse),
      ...(indexed
        ? [
            row('now: the centre from the index, warm', after, afterParse),
            row(`now: the centre, index cold (median of ${cold.length})`, cold, undefined),
          ]
        : []),
      '',
      lcp,
    ].join('\n'),
  );
} finally {
  await proxy.stop();
  await simulator.stop();
}
