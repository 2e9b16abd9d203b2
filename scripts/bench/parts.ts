// One part of `npm run bench` on its own, for work on that part (the whole bench takes about half an
// hour on 2 cores): `npm run bench:part -- filter|loads|lighthouse|proxy [--runs N] [--rounds N] [--seconds N]
// [--pages centres,login,'centre: licences','register doctors',overview] [--port N] [--cpu-prof DIR] [--dist DIR]`. Same servers, same measurements, same
// bench/ outputs as the full run, on ports from `--port` (default 8890) so that several people can
// measure on one machine. Prints its figures with the load average before and after; writes
// nothing into bench/results.* (only the full run's figures are of record).
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildBarePage, serveBarePage } from './bare-page.ts';
import { coldLoads, filterKeystrokes, launchBrowser, type LoadFigures, type Page } from './browser.ts';
import { lcpTable } from './lcp-table.ts';
import { lighthouseScores } from './lighthouse.ts';
import { benchProxyEnv, measureProxyLoad } from './proxy-load.ts';
import {
  firstCentreOf,
  signIn,
  startForwarder,
  startProxy,
  startSimulator,
  upstreamToken,
} from './servers.ts';
import { writeWaterfall } from './waterfall.ts';
import { buildIfStale } from '../build-if-stale.ts';
import { findChromium } from '../find-chromium.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '8' },
    pages: { type: 'string', default: 'login,centres' },
    port: { type: 'string', default: '8890' },
    // Another build of the console to serve (an A/B against dist/ on the same machine).
    dist: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const part = positionals[0];
if (part !== 'filter' && part !== 'loads' && part !== 'proxy' && part !== 'lighthouse') {
  console.error('bench:part: name a part: filter, loads, lighthouse or proxy');
  process.exit(2);
}
const runs = Number(values.runs);
const wanted = values.pages.split(',');
const base = Number(values.port);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
console.info(`load before: ${uptime()}`);
if (!values.dist) buildIfStale();

const simulator = await startSimulator(base + 1, 10_000, 2);
const cpuProf = values['cpu-prof'];
const proxy = await startProxy(base + 2, simulator.url, {
  env: { ...(part === 'proxy' ? benchProxyEnv : {}), ...(values.dist ? { DIST_DIR: values.dist } : {}) },
  nodeFlags: cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [],
});
// The overview as the full bench reads it: 100 centres of 20 doctors, for a client-credential
// session, whose rows load from the service (docs/decisions/0025).
const small =
  part !== 'proxy' && wanted.includes('overview') ? await startSimulator(base + 3, 100, 20) : undefined;
const smallProxy = small
  ? await startProxy(base + 4, small.url, { env: values.dist ? { DIST_DIR: values.dist } : {} })
  : undefined;
try {
  const cookie = await signIn(proxy.url);
  if (part === 'proxy') await proxyPart(cookie);
  else await browserPart(part, cookie);
} finally {
  await Promise.allSettled([proxy.stop(), simulator.stop(), smallProxy?.stop(), small?.stop()]);
  console.info(`load after: ${uptime()}`);
}

async function proxyPart(cookie: string) {
  const token = await upstreamToken(simulator.url);
  const forwarder = await startForwarder(base + 8, simulator.url, token);
  try {
    const figures = await measureProxyLoad({
      proxy,
      simulator,
      forwarder,
      cookie,
      token,
      path: '/core/v1/provider/100/child?limit=10&offset=5000',
      rounds: Number(values.rounds),
      seconds: Number(values.seconds),
    });
    console.info(JSON.stringify(figures, null, 2));
  } finally {
    await forwarder.stop();
  }
}

async function browserPart(which: 'filter' | 'loads' | 'lighthouse', cookie: string) {
  const chromePath = process.env['CHROME_PATH'] ?? findChromium();
  if (!chromePath) throw new Error('no Chromium found; set CHROME_PATH');
  const centre = await firstCentreOf(proxy.url, cookie);
  const centres: Page = { name: 'centres', url: `${proxy.url}/centres`, cookie, ready: '10,000' };
  const screens: Page[] = [
    { name: 'login', url: `${proxy.url}/login`, ready: 'Provider Console' },
    centres,
    // A centre's page opens on its Licences tab (bench.ts `centrePage`).
    {
      name: 'centre: licences',
      url: `${proxy.url}/centres/${centre.id}/licences`,
      cookie,
      ready: centre.name,
    },
    { name: 'register doctors', url: `${proxy.url}/doctors/register`, cookie, ready: 'Register doctors' },
  ];
  if (smallProxy) {
    const overviewCookie = await signIn(smallProxy.url);
    screens.push({
      name: 'overview',
      url: `${smallProxy.url}/overview`,
      cookie: overviewCookie,
      ready: 'Last updated',
    });
  }
  if (which === 'lighthouse') {
    const pages = screens.filter((page) => wanted.includes(page.name));
    for (const [name, figures] of await lighthouseScores(chromePath, pages, runs))
      console.info(`${name}: ${JSON.stringify(figures)}`);
    return;
  }
  const browser = await launchBrowser(chromePath);
  try {
    if (which === 'filter') {
      console.info(JSON.stringify(await filterKeystrokes(browser, centres, '1234', runs)));
      return;
    }
    const bare = await serveBarePage(await buildBarePage(), base + 5);
    try {
      const known: Page[] = [...screens, { name: 'bare page', url: bare.url, ready: 'Sign in' }];
      const measuredPages = new Set([...wanted, 'bare page']);
      const measured = new Map<string, LoadFigures>();
      for (const page of known.filter((p) => measuredPages.has(p.name))) {
        // oxlint-disable-next-line no-await-in-loop -- one page at a time
        const figures = await coldLoads(browser, page, runs);
        measured.set(page.name, figures);
        const written = writeWaterfall(page.name, figures.waterfall);
        console.info(
          `${page.name}: LCP ${Math.round(figures.lcpMs)} ms (runs ${figures.lcpRuns.map(Math.round).join(', ')}), ` +
            `element ${figures.lcpElements.join(' or ')}, CLS ${figures.cls.toFixed(3)}, ` +
            `${figures.waterfall.length} requests before LCP (${written}); ended on ${figures.endedOn.join(', ')}` +
            (figures.wrongEnd ? ` — NOT its own address: ${figures.wrongEnd}` : ''),
        );
      }
      const table = lcpTable(
        [...measured].filter(([name]) => name !== 'bare page').map(([name, figures]) => ({ name, figures })),
        measured.get('bare page'),
      );
      console.info(`\n${table.join('\n')}`);
    } finally {
      await bare.close();
    }
  } finally {
    await browser.close();
  }
}
