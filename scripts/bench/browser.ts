// The console in a browser, with Playwright at 4× CPU slowdown: LCP and CLS of a cold load, and the
// filter's keystroke-to-paint time (docs/decisions/0017). Lighthouse's scores: lighthouse.ts.
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { readWaterfall, type WaterfallEntry } from './waterfall.ts';

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export interface Page {
  name: string;
  url: string;
  /** The session cookie (`name=value`) for a signed-in page. */
  cookie?: string | undefined;
  /** A demo person's subject (`demo-ana`) when the page needs a person's session, not a client's. */
  person?: string | undefined;
  /** What shows the page is complete (a role and name Playwright can wait for). */
  ready: string;
}

/**
 * Organisation sign-in through the embedded OpenID provider (docs/decisions/0023), in the browser's
 * own jar: the start redirects to the provider's page, whose form names the person (`demo-ana`, …).
 */
export async function signInPersonInBrowser(context: BrowserContext, origin: string, person: string) {
  const start = await context.request.get(`${origin}/auth/organisation/start?returnTo=/overview`);
  const action = /action="([^"]+\/login)"/.exec(await start.text())?.[1];
  if (!action) throw new Error('the embedded provider showed no sign-in form');
  const done = await context.request.post(new URL(action, origin).href, { form: { account: person } });
  if (!done.ok()) throw new Error(`${person}'s sign-in in the browser answered ${done.status()}`);
  await rememberTimeZone(context, origin);
}

/**
 * What the console leaves in a browser that has shown any of its pages, the login's first (src/console
 * /lib/i18n `rememberTimeZone`): the browser's time zone, this machine's. The proxy renders a
 * signed-in screen into its page only with it (docs/decisions/0028); without it every cold load
 * measured the browser's render, as no signed-in browser meets it.
 */
async function rememberTimeZone(context: BrowserContext, origin: string) {
  await context.addCookies([
    {
      name: 'provider-console-time-zone',
      value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone),
      url: origin,
    },
  ]);
}

async function throttledContext(browser: Browser, page: Page): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInContext(context, page);
  return context;
}

/**
 * Signs the browser in as the page needs, by the cookie the proxy sets in the browser's own jar: a
 * session passed as an extra `Cookie` header is dropped once the page sets a cookie of its own, and
 * the run then measures /login (issue 48 item 7).
 */
export async function signInContext(context: BrowserContext, page: Page): Promise<void> {
  const origin = new URL(page.url).origin;
  if (page.person) {
    await signInPersonInBrowser(context, origin, page.person);
  } else if (page.cookie) {
    // The browser signs in itself (its cookie jar keeps the `__Host-` cookie as the proxy set it).
    const response = await context.request.post(`${origin}/auth/login`, {
      headers: { 'x-requested-with': 'provider-console' },
      data: {
        environment: 'qa',
        providerId: 100,
        clientId: 'demo-parent',
        clientSecret: 'demo-parent-secret',
      },
    });
    if (response.status() !== 200) throw new Error(`sign-in in the browser answered ${response.status()}`);
    await rememberTimeZone(context, origin);
  }
}

// Page scripts as text: this is a Node project, without the DOM's types (tsconfig.node.json).
/** LCP and CLS as the page reports them (CLS without shifts right after input). */
const observeLoad = `
  window.benchLcp = 0;
  window.benchCls = 0;
  window.benchLcpElement = '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.benchLcp = entry.startTime;
      const element = entry.element;
      window.benchLcpElement = element ? element.tagName.toLowerCase() + ' "' + (element.textContent || '').trim().slice(0, 40) + '"' : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.benchCls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * Before a keystroke: its event's time, then the first paint after the count of matching centres
 * changes (after the animation frame that shows it); \`window.benchPainted\` resolves to the ms between.
 * \`window.benchListed\` likewise for the list itself (its row count, or its "no results" in its
 * place), which may follow the count in a later render (the screen defers it).
 */
const armKeystroke = `(() => {
  const count = document.querySelector('[aria-live="polite"]');
  const before = count ? count.textContent : null;
  const listState = () => { const table = document.querySelector('table[aria-rowcount]'); return table ? table.getAttribute('aria-rowcount') : 'none'; };
  const listBefore = listState();
  let keyAt;
  document.addEventListener('keydown', (event) => { keyAt = event.timeStamp; }, { once: true, capture: true });
  const painted = (resolve) => requestAnimationFrame(() => setTimeout(() => resolve(keyAt === undefined ? NaN : performance.now() - keyAt), 0));
  const when = (changed, target, options) => new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!changed()) return;
      observer.disconnect();
      painted(resolve);
    });
    if (target) observer.observe(target, options);
    setTimeout(() => { observer.disconnect(); resolve(NaN); }, 10000);
  });
  window.benchPainted = when(() => count && count.textContent !== before, count, { characterData: true, childList: true, subtree: true });
  window.benchListed = when(() => listState() !== listBefore, document.body, { attributes: true, childList: true, subtree: true });
})()`;

export interface LoadFigures {
  lcpMs: number;
  cls: number;
  lcpRuns: number[];
  /** Which element was the largest paint, in each distinct case. */
  lcpElements: string[];
  /** The median run's requests that started before its largest paint (waterfall.ts). */
  waterfall: WaterfallEntry[];
  /** Each run's address once complete (path and query). */
  endedOn: string[];
  /**
   * A run that ended away from its own address (on /login: the session was not the browser's),
   * which voids the figure: its LCP is then NaN, and this says where it ended.
   */
  wrongEnd: string | undefined;
}

/** What the wait for a page reads there (this project is type-checked without the DOM's types). */
type InPage = { document: { body: { innerText: string } } };

/** Cold loads at 4× CPU slowdown: LCP and CLS as the page reports them (median of `runs`). */
export async function coldLoads(browser: Browser, page: Page, runs: number): Promise<LoadFigures> {
  const lcp: number[] = [];
  const cls: number[] = [];
  const elements = new Set<string>();
  const endedOn: string[] = [];
  const waterfalls: { lcp: number; entries: WaterfallEntry[] }[] = [];
  let wrongEnd: string | undefined;
  for (let run = 0; run < runs; run += 1) {
    // oxlint-disable-next-line no-await-in-loop -- one load at a time
    const context = await throttledContext(browser, page);
    // oxlint-disable-next-line no-await-in-loop -- as above
    const tab = await context.newPage();
    // oxlint-disable-next-line no-await-in-loop -- as above
    const cdp = await context.newCDPSession(tab);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await tab.addInitScript({ content: observeLoad });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await tab.goto(page.url);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await tab.waitForTimeout(3500);
    // Checked once the page has had its time, then rarely: Playwright's polling runs scripts in the
    // page, which at 4× slowdown would delay the very paints measured. A function, not a string: a
    // string predicate is `eval`'d in the page, which the console's CSP refuses (no 'unsafe-eval').
    // oxlint-disable-next-line no-await-in-loop -- as above
    await tab.waitForFunction(
      (ready) => (globalThis as unknown as InPage).document.body.innerText.includes(ready),
      page.ready,
      {
        polling: 1000,
        timeout: 60_000,
      },
    );
    // oxlint-disable-next-line no-await-in-loop -- as above
    const figures = (await tab.evaluate(
      '({ lcp: window.benchLcp, cls: window.benchCls, element: window.benchLcpElement })',
    )) as { lcp: number; cls: number; element: string };
    const ended = new URL(tab.url());
    endedOn.push(`${ended.pathname}${ended.search}`);
    if (ended.pathname !== new URL(page.url).pathname) wrongEnd ??= ended.pathname;
    // oxlint-disable-next-line no-await-in-loop -- as above
    waterfalls.push({ lcp: figures.lcp, entries: await readWaterfall(tab, figures.lcp) });
    elements.add(figures.element);
    lcp.push(figures.lcp);
    cls.push(figures.cls);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await context.close();
  }
  const middle = median(lcp);
  const closest = [...waterfalls].sort((a, b) => Math.abs(a.lcp - middle) - Math.abs(b.lcp - middle))[0];
  return {
    lcpMs: wrongEnd === undefined ? middle : Number.NaN,
    cls: Math.max(...cls),
    lcpRuns: lcp,
    lcpElements: [...elements],
    waterfall: closest?.entries ?? [],
    endedOn: [...new Set(endedOn)],
    wrongEnd,
  };
}

export interface FilterFigures {
  /** The worst keystroke's time to the paint that shows its result, ms (median over runs). */
  worstMs: number;
  medianMs: number;
  keystrokes: number;
  /** The same to the paint of the list's own update (worst, median over runs; median keystroke). */
  listWorstMs: number;
  listMedianMs: number;
}

/**
 * Types into the centres list's search at 4× CPU slowdown and times each keystroke from its event to
 * the first paint after the count of matching centres changed (what a person sees answer).
 */
export async function filterKeystrokes(
  browser: Browser,
  page: Page,
  query: string,
  runs: number,
): Promise<FilterFigures> {
  const worst: number[] = [];
  const all: number[] = [];
  const listWorst: number[] = [];
  const listAll: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    // oxlint-disable-next-line no-await-in-loop -- one run at a time
    const context = await throttledContext(browser, page);
    // oxlint-disable-next-line no-await-in-loop -- as above
    const tab = await context.newPage();
    // oxlint-disable-next-line no-await-in-loop -- as above
    await tab.goto(page.url);
    const search = tab.getByRole('searchbox').first();
    // oxlint-disable-next-line no-await-in-loop -- as above
    await search.waitFor({ timeout: 120_000 });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await tab.waitForTimeout(500);
    // oxlint-disable-next-line no-await-in-loop -- as above
    const cdp = await context.newCDPSession(tab);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await search.focus();
    const keys = [...query, ...Array.from(query, () => 'Backspace')];
    const times: number[] = [];
    const listTimes: number[] = [];
    for (const key of keys) {
      // oxlint-disable-next-line no-await-in-loop -- as above
      await tab.evaluate(armKeystroke);
      // oxlint-disable-next-line no-await-in-loop -- as above
      await tab.keyboard.press(key);
      // oxlint-disable-next-line no-await-in-loop -- as above
      const ms = Number(await tab.evaluate('window.benchPainted'));
      if (!Number.isNaN(ms)) times.push(ms);
      // oxlint-disable-next-line no-await-in-loop -- as above
      const listMs = Number(await tab.evaluate('window.benchListed'));
      if (!Number.isNaN(listMs)) listTimes.push(listMs);
      // oxlint-disable-next-line no-await-in-loop -- let the URL settle between keystrokes, as a person would
      await tab.waitForTimeout(150);
    }
    // A run that ended on another page (the login: the session was not the browser's) typed into
    // nothing of the list's (issue 48 item 7).
    const ended = new URL(tab.url()).pathname;
    if (ended !== new URL(page.url).pathname)
      throw new Error(`the filter's run ended on ${ended}, not on ${new URL(page.url).pathname}`);
    worst.push(Math.max(...times));
    all.push(...times);
    listWorst.push(Math.max(...listTimes));
    listAll.push(...listTimes);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await context.close();
  }
  return {
    worstMs: median(worst),
    medianMs: median(all),
    keystrokes: all.length,
    listWorstMs: median(listWorst),
    listMedianMs: median(listAll),
  };
}

export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath });
}
