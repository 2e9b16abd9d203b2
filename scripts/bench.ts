// `npm run bench`: every speed figure of docs/decisions/0017 and 0018, measured in this run beside
// its target and a same-run reference (a bare React page built and served here; the simulator called
// directly for the proxy; the proxy on a PostgreSQL server for the embedded database). Writes
// bench/results.md and .json and prints the table. Bounded in time (about 30 minutes on 2 cores with
// the defaults); exits 0 even when a target is missed, which the table says plainly. `--runs N`
// (Lighthouse and loads, default 5), `--rounds N` (proxy load rounds, default 3), `--seconds N` (each
// load, default 8), `--quick` (1 run, 1 round, 4 s, 100,000 audit entries).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchSimulator } from './bench-simulator.ts';
import { buildBarePage, serveBarePage } from './bench/bare-page.ts';
import { coldLoads, filterKeystrokes, launchBrowser, type Page } from './bench/browser.ts';
import { lcpTable } from './bench/lcp-table.ts';
import { lighthouseScores } from './bench/lighthouse.ts';
import { writeWaterfall } from './bench/waterfall.ts';
import { benchAudit } from './bench/audit.ts';
import { benchProxyEnv, capNote, measureProxyLoad } from './bench/proxy-load.ts';
import { renderResults, rowsOrFailure, type Row } from './bench/report.ts';
import { overviewSnapshotRows } from './bench/overview-snapshots.ts';
import { watchRefreshRows } from './bench/watch-figures.ts';
import {
  signIn,
  signInPerson,
  startForwarder,
  startProxy,
  startSimulator,
  upstreamToken,
  firstCentreOf,
} from './bench/servers.ts';
import { buildIfStale } from './build-if-stale.ts';
import { findChromium } from './find-chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    quick: { type: 'boolean' },
  },
});
const count = (value: string | undefined, fallback: number) => {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 50) {
    console.error(`bench: ${value} is not a whole number from 1 to 50`);
    process.exit(2);
  }
  return parsed;
};
const runs = values.quick ? 1 : count(values.runs, 5);
const rounds = values.quick ? 1 : count(values.rounds, 3);
const seconds = values.quick ? 4 : count(values.seconds, 8);
const chromePath = process.env['CHROME_PATH'] ?? findChromium();
if (!chromePath) {
  console.error('bench: no Chromium found; set CHROME_PATH');
  process.exit(2);
}

const started = Date.now();
const load = () => {
  const uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  return { at: new Date().toISOString(), loadAverage1m: Number(loadavg()[0]?.toFixed(2)), uptime };
};
const step = (text: string) =>
  console.info(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);

const loadBefore = load();
step(`load before: ${loadBefore.uptime}`);
buildIfStale();

step('simulator speed (10,000 centres × 20 doctors, in process)');
const simulator = await benchSimulator();

step('bare reference page: build and serve');
const bare = await serveBarePage(await buildBarePage(), 8895);
step('simulators (10,000, 100,000 and 100 centres) and proxies in front of them');
// The overview asks for every centre's licences (six requests at a time, docs/decisions/0014): it is
// measured over a parent of 100 centres, the lists over 10,000.
const [sim10k, sim100k, sim100] = await Promise.all([
  startSimulator(8891, 10_000, 2),
  startSimulator(8893, 100_000, 1),
  startSimulator(8896, 100, 20),
]);
const [proxy10k, proxy100k, proxy100] = await Promise.all([
  // The proxy load rounds run on this one (proxy-load.ts `benchProxyEnv`).
  startProxy(8892, sim10k.url, { env: benchProxyEnv }),
  startProxy(8894, sim100k.url),
  startProxy(8897, sim100.url),
]);
const stopAll = async () => {
  await Promise.allSettled(
    [proxy10k, proxy100k, proxy100, sim10k, sim100k, sim100]
      .map((server) => server.stop())
      .concat(bare.close()),
  );
};

try {
  const cookie10k = await signIn(proxy10k.url);
  const cookie100k = await signIn(proxy100k.url);
  const cookie100 = await signIn(proxy100.url);
  // Screens only a person sees (docs/decisions/0023): an admin of the demo's parent.
  const adminCookie = await signInPerson(proxy10k.url, 'demo-ana');
  // The inbox is a support person's screen first (issue 26): Sofía's.
  const supportCookie = await signInPerson(proxy10k.url, 'demo-sofia');
  const firstCentre = await firstCentreOf(proxy10k.url, cookie10k);
  const centrePage = (tab: string): Page => ({
    name: `centre: ${tab}`,
    url: `${proxy10k.url}/centres/${firstCentre.id}/${tab}`,
    cookie: cookie10k,
    ready: firstCentre.name,
  });
  // The issue's three pages (a centre's page opens on its Licences tab), then every other screen.
  const pages: Page[] = [
    { name: 'login', url: `${proxy10k.url}/login`, ready: 'Provider Console' },
    { name: 'centres', url: `${proxy10k.url}/centres`, cookie: cookie10k, ready: '10,000' },
    centrePage('licences'),
  ];
  const otherPages: Page[] = [
    centrePage('doctors'),
    centrePage('templates'),
    // Complete once the contract's current state and its change form are in.
    { ...centrePage('contract'), ready: 'Change the contract' },
    // A centre's own activity (nothing done to it yet) and the parent's whole log, complete once the
    // bench's own sign-in is listed (docs/decisions/0022).
    { ...centrePage('activity'), ready: 'Nothing has been done to this centre' },
    { name: 'activity', url: `${proxy10k.url}/activity`, cookie: cookie10k, ready: 'signed in' },
    {
      name: 'people',
      url: `${proxy10k.url}/settings/people`,
      cookie: adminCookie,
      person: 'demo-ana',
      ready: 'Sofía Vidal',
    },
    // The parent's stored connections (an admin's), complete once its connection is listed.
    {
      name: 'connections',
      url: `${proxy10k.url}/settings/connections`,
      cookie: adminCookie,
      person: 'demo-ana',
      ready: 'Replace secret',
    },
    // The alerts inbox, complete once its list is in (the bench's proxies run no watcher: empty).
    {
      name: 'inbox',
      url: `${proxy10k.url}/inbox`,
      cookie: supportCookie,
      person: 'demo-sofia',
      ready: 'No alerts yet',
    },
    // Complete once every centre's licences are in, which its "Last updated" line says.
    { name: 'overview', url: `${proxy100.url}/overview`, cookie: cookie100, ready: 'Last updated' },
    {
      name: 'register doctors',
      url: `${proxy10k.url}/doctors/register`,
      cookie: cookie10k,
      ready: 'Register doctors',
    },
  ];
  const signedIn = [...pages.slice(1), ...otherPages];
  const everyPage = [...pages, ...otherPages];
  const bareReference: Page = { name: 'bare page', url: bare.url, ready: 'Sign in' };

  // Five audits of the issue's pages and the reference, three of the others: within 15 minutes.
  const otherRuns = Math.min(runs, 3);
  step(`Lighthouse, ${runs} run(s) per page and form factor (${otherRuns} for the other screens)`);
  const scores = new Map([
    ...(await lighthouseScores(chromePath, [...pages, bareReference], runs)),
    ...(await lighthouseScores(chromePath, otherPages, otherRuns)),
  ]);

  const browser = await launchBrowser(chromePath);
  let loads;
  let filter10k;
  let overviewSnapshots: Row[] = [];
  let filter100k;
  try {
    step(`cold loads at 4× CPU, ${runs} run(s) per page`);
    loads = new Map<string, Awaited<ReturnType<typeof coldLoads>>>();
    for (const page of [...everyPage, bareReference]) {
      // oxlint-disable-next-line no-await-in-loop -- one page at a time
      const figures = await coldLoads(browser, page, otherPages.includes(page) ? otherRuns : runs);
      loads.set(page.name, figures);
      // bench/waterfalls/<screen>.md: the requests before its largest paint (issue 48 item 7).
      writeWaterfall(page.name, figures.waterfall);
    }
    step('overview over 10,000 snapshots (npm start with the watcher on)');
    overviewSnapshots = await rowsOrFailure('overview over 10,000 snapshots', () =>
      overviewSnapshotRows(browser, step, Math.min(runs, 3)),
    );
    step('filter keystrokes at 4× CPU: 10,000 centres');
    filter10k = await filterKeystrokes(browser, pages[1] as Page, '1234', Math.min(runs, 3));
    step('filter keystrokes at 4× CPU: 100,000 centres');
    filter100k = await filterKeystrokes(
      browser,
      { name: 'centres 100k', url: `${proxy100k.url}/centres`, cookie: cookie100k, ready: '100,000' },
      '12345',
      Math.min(runs, 3),
    );
  } finally {
    await browser.close();
  }

  step(`proxy load: ${rounds} round(s) of ${seconds} s at 1,000 req/s, then flat out`);
  const token = await upstreamToken(sim10k.url);
  const forwarder = await startForwarder(8898, sim10k.url, token);
  // A session of its own, signed in now: the one signed in at the start has sat unused through the
  // browser's runs (about 15 minutes), as long as the proxy's idle timeout, and a run that took a
  // little longer measured 97,539 refusals.
  const loadCookie = await signIn(proxy10k.url);
  let proxyLoad;
  try {
    proxyLoad = await measureProxyLoad({
      proxy: proxy10k,
      simulator: sim10k,
      forwarder,
      cookie: loadCookie,
      token,
      path: '/core/v1/provider/100/child?limit=10&offset=5000',
      rounds,
      seconds,
    });
  } finally {
    await forwarder.stop();
  }
  const floor = proxyLoad.floor;
  const audit = await rowsOrFailure('audit', () =>
    benchAudit(step, values.quick ? { entries: 100_000, pageSeconds: 15 } : {}),
  );
  step('watcher: a full refresh of 10,000 centres, twice (embedded database)');
  const watch = await rowsOrFailure('watcher: a full refresh of 10,000 centres', () => watchRefreshRows());
  const loadAfter = load();
  step(`load after: ${loadAfter.uptime}`);

  const lh = (name: string) => scores.get(name);
  const lcp = (name: string) => loads.get(name);
  const rows: Row[] = [
    ...(['mobile', 'desktop'] as const).map((formFactor): Row => ({
      figure: `Lighthouse ${formFactor}: ${names(everyPage)}`,
      measured: everyPage.map((page) => lh(page.name)?.[formFactor] ?? Number.NaN),
      unit: 'score',
      target: formFactor === 'desktop' ? '100 each' : '≥ 95 each (goal 99)',
      met: everyPage.every(
        (page) => (lh(page.name)?.[formFactor] ?? 0) >= (formFactor === 'desktop' ? 100 : 95),
      ),
      reference: `bare page ${lh('bare page')?.[formFactor] ?? Number.NaN}`,
      detail: everyPage
        .map(
          (page) =>
            `${page.name} runs ${lh(page.name)?.[`${formFactor}Runs`].join(', ')}` +
            (lh(page.name)?.wrongEnds.length ? ` (void: ${lh(page.name)?.wrongEnds.join(', ')})` : ''),
        )
        .join('; '),
    })),
    {
      figure: 'LCP at 4× CPU: login',
      measured: [Math.round(lcp('login')?.lcpMs ?? Number.NaN)],
      unit: 'ms',
      target: '≤ 1.5× the bare page',
      met: (lcp('login')?.lcpMs ?? Infinity) <= 1.5 * (lcp('bare page')?.lcpMs ?? 0),
      reference: `bare page ${Math.round(lcp('bare page')?.lcpMs ?? Number.NaN)} ms`,
      detail: `runs ${lcp('login')?.lcpRuns.map(Math.round).join(', ')}; largest paint ${lcp('login')?.lcpElements.join(' or ')}`,
    },
    {
      figure: `LCP at 4× CPU: ${names(signedIn)}`,
      measured: signedIn.map((page) => Math.round(lcp(page.name)?.lcpMs ?? Number.NaN)),
      unit: 'ms',
      // Issue 48's target for every screen (was 2× before server rendering).
      target: '≤ 1.5× the bare page',
      met: signedIn.every(
        (page) => (lcp(page.name)?.lcpMs ?? Infinity) <= 1.5 * (lcp('bare page')?.lcpMs ?? 0),
      ),
      reference: `bare page ${Math.round(lcp('bare page')?.lcpMs ?? Number.NaN)} ms, largest paint ${lcp('bare page')?.lcpElements.join(' or ')}; waterfalls in bench/waterfalls/`,
      detail: signedIn
        .map(
          (page) =>
            `${page.name} runs ${lcp(page.name)?.lcpRuns.map(Math.round).join(', ')}, largest paint ${lcp(page.name)?.lcpElements.join(' or ')}` +
            (lcp(page.name)?.wrongEnd ? ` (void: ended on ${lcp(page.name)?.wrongEnd})` : ''),
        )
        .join('; '),
    },
    {
      figure: `CLS at 4× CPU: ${names(everyPage)} (worst run)`,
      measured: everyPage.map((page) => Number((lcp(page.name)?.cls ?? Number.NaN).toFixed(3))),
      unit: '',
      target: '≤ 0.01 each',
      met: everyPage.every((page) => (lcp(page.name)?.cls ?? 1) <= 0.01),
      reference: `bare page ${(lcp('bare page')?.cls ?? Number.NaN).toFixed(3)}`,
    },
    {
      figure: 'filter 10,000 centres, worst keystroke to paint at 4×',
      measured: [Math.round(filter10k.worstMs)],
      unit: 'ms',
      target: '≤ 100 ms',
      met: filter10k.worstMs <= 100,
      reference: '—',
      detail: `median keystroke ${Math.round(filter10k.medianMs)} ms over ${filter10k.keystrokes} keystrokes; the list's own update (deferred) worst ${Math.round(filter10k.listWorstMs)} ms, median ${Math.round(filter10k.listMedianMs)} ms`,
    },
    {
      figure: 'filter 100,000 centres, worst keystroke to paint at 4×',
      measured: [Math.round(filter100k.worstMs)],
      unit: 'ms',
      target: '≤ 200 ms',
      met: filter100k.worstMs <= 200,
      reference: '—',
      detail: `median keystroke ${Math.round(filter100k.medianMs)} ms over ${filter100k.keystrokes} keystrokes; the list's own update (deferred) worst ${Math.round(filter100k.listWorstMs)} ms, median ${Math.round(filter100k.listMedianMs)} ms`,
    },
    {
      figure: 'proxy over direct at 1,000 req/s: p50 / p99 / max',
      measured: [proxyLoad.addedP50Ms, proxyLoad.addedP99Ms, proxyLoad.addedMaxMs],
      unit: 'ms',
      target: '+1 / +5 / 50 ms',
      // Figures over refused requests say nothing (issue 48: 0 errors is part of the target).
      met:
        proxyLoad.errors === 0 &&
        proxyLoad.addedP50Ms <= 1 &&
        proxyLoad.addedP99Ms <= 5 &&
        proxyLoad.addedMaxMs <= 50,
      reference: `undici forwarder over direct ${floor.addedP50Ms} / ${floor.addedP99Ms} / ${floor.addedMaxMs} ms; direct p50/p99/max per round: ${proxyLoad.rounds.map((r) => `${r.direct.p50}/${r.direct.p99}/${r.direct.max}`).join(', ')} ms`,
      detail: `proxy per round: ${proxyLoad.rounds.map((r) => `${r.proxy.p50}/${r.proxy.p99}/${r.proxy.max}`).join(', ')} ms; worst round max ${proxyLoad.worstRoundMaxMs} ms; ${proxyLoad.errors} errors (successful answers only; ${capNote})`,
    },
    {
      figure: 'proxy peak throughput, % of direct',
      measured: [Math.round((100 * proxyLoad.proxyPeak) / proxyLoad.directPeak)],
      unit: '%',
      target: '≥ 50 %',
      met: proxyLoad.proxyPeak / proxyLoad.directPeak >= 0.5,
      reference: `undici forwarder ${Math.round((100 * floor.peak) / proxyLoad.directPeak)} %; direct ${Math.round(proxyLoad.directPeak)} req/s, proxy ${Math.round(proxyLoad.proxyPeak)} req/s, forwarder ${Math.round(floor.peak)} req/s`,
    },
    {
      figure: 'proxy CPU per proxied request at 1,000 req/s',
      measured: [Math.round(proxyLoad.cpuMicrosPerRequest)],
      unit: 'µs',
      // Issue 48: against what one Node server answering the same request costs in the same run.
      target: '≤ 1.5× the simulator answering directly',
      met: proxyLoad.cpuMicrosPerRequest <= 1.5 * proxyLoad.directCpuMicrosPerRequest,
      reference: `undici forwarder ${Math.round(floor.cpuMicrosPerRequest)} µs; the simulator answering directly ${Math.round(proxyLoad.directCpuMicrosPerRequest)} µs per request`,
    },
    {
      figure: 'simulator: generate 10,000 centres × 20 doctors',
      measured: [Math.round(simulator.generateMs)],
      unit: 'ms',
      target: `< ${simulator.goals.generateMs} ms`,
      met: simulator.generateMs < simulator.goals.generateMs,
      reference: '—',
    },
    ...overviewSnapshots,
    ...audit,
    ...watch,
    ...Object.entries(simulator.lists).map(([name, ms]): Row => ({
      figure: `simulator: ${name}, median`,
      measured: [Number(ms.toFixed(2))],
      unit: 'ms',
      target: `< ${simulator.goals.listMs} ms`,
      met: ms < simulator.goals.listMs,
      reference: '—',
    })),
  ];
  const run = {
    date: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    settings: { runs, rounds, seconds, chromium: chromePath, node: process.version, cores: 2 },
    load: { before: loadBefore, after: loadAfter },
    rows,
  };
  mkdirSync(path.join(root, 'bench'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(run, null, 2)}\n`);
  // Each screen's largest paint, element and requests beside the bare page's (issue 48 item 7).
  const screens = everyPage.map((page) => ({ name: page.name, figures: lcp(page.name) }));
  const markdown = [
    renderResults(run),
    "## Each screen's largest paint",
    '',
    ...lcpTable(screens, lcp('bare page')),
    '',
  ].join('\n');
  writeFileSync(path.join(root, 'bench/results.md'), markdown);
  console.info(`\n${markdown}`);
} finally {
  await stopAll();
}

function names(pages: readonly Page[]): string {
  return pages.map((page) => page.name).join(' / ');
}
