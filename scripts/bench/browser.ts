// The console in a browser: Lighthouse's performance score (mobile and desktop, the npm registry's
// Lighthouse with the system Chromium), and, with Playwright at 4× CPU slowdown, LCP and CLS of a
// cold load and the filter's keystroke-to-paint time (docs/decisions/0017).
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

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

export interface LighthouseFigures {
  mobile: number;
  desktop: number;
  mobileRuns: number[];
  desktopRuns: number[];
}

/** Lighthouse performance scores, median of `runs`, mobile (its default) and desktop. */
export async function lighthouseScores(
  chromePath: string,
  pages: readonly Page[],
  runs: number,
): Promise<Map<string, LighthouseFigures>> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const out = new Map<string, LighthouseFigures>();
  try {
    for (const page of pages) {
      const scores = { mobile: [] as number[], desktop: [] as number[] };
      for (let run = 0; run < runs; run += 1) {
        for (const formFactor of ['mobile', 'desktop'] as const) {
          // oxlint-disable-next-line no-await-in-loop -- one audit at a time: they share two cores
          scores[formFactor].push(await auditScore(page, formFactor, chrome.port));
        }
      }
      out.set(page.name, {
        mobile: median(scores.mobile),
        desktop: median(scores.desktop),
        mobileRuns: scores.mobile,
        desktopRuns: scores.desktop,
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}

/**
 * One audit's performance score. An audit that ends without one (Lighthouse's runtime error, seen
 * once on a loaded machine) is run again, up to three times, rather than ending the whole bench.
 */
async function auditScore(page: Page, formFactor: 'mobile' | 'desktop', port: number): Promise<number> {
  let reason = 'no result';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // oxlint-disable-next-line no-await-in-loop -- one audit at a time
    const result = await lighthouse(
      page.url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const score = result?.lhr.categories['performance']?.score;
    if (typeof score === 'number') return Math.round(score * 100);
    reason = result?.lhr.runtimeError?.code ?? reason;
    console.warn(`Lighthouse gave no score for ${page.name} (${formFactor}): ${reason}; running it again`);
  }
  throw new Error(`Lighthouse gave no score for ${page.name} (${formFactor}) three times: ${reason}`);
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
  // What the console's login page leaves in a browser that signed in through it (src/console/lib/i18n
  // `rememberTimeZone`): the browser's time zone, this machine's, for the pages the proxy renders.
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
  }
  return context;
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
 */
const armKeystroke = `(() => {
  const count = document.querySelector('[aria-live="polite"]');
  const before = count ? count.textContent : null;
  let keyAt;
  document.addEventListener('keydown', (event) => { keyAt = event.timeStamp; }, { once: true, capture: true });
  window.benchPainted = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!count || count.textContent === before) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(keyAt === undefined ? NaN : performance.now() - keyAt), 0));
    });
    if (count) observer.observe(count, { characterData: true, childList: true, subtree: true });
    setTimeout(() => { observer.disconnect(); resolve(NaN); }, 10000);
  });
})()`;

export interface LoadFigures {
  lcpMs: number;
  cls: number;
  lcpRuns: number[];
  /** Which element was the largest paint, in each distinct case. */
  lcpElements: string[];
}

/** What the wait for a page reads there (this project is type-checked without the DOM's types). */
type InPage = { document: { body: { innerText: string } } };

/** Cold loads at 4× CPU slowdown: LCP and CLS as the page reports them (median of `runs`). */
export async function coldLoads(browser: Browser, page: Page, runs: number): Promise<LoadFigures> {
  const lcp: number[] = [];
  const cls: number[] = [];
  const elements = new Set<string>();
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
    elements.add(figures.element);
    lcp.push(figures.lcp);
    cls.push(figures.cls);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await context.close();
  }
  return { lcpMs: median(lcp), cls: Math.max(...cls), lcpRuns: lcp, lcpElements: [...elements] };
}

export interface FilterFigures {
  /** The worst keystroke's time to the paint that shows its result, ms (median over runs). */
  worstMs: number;
  medianMs: number;
  keystrokes: number;
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
    for (const key of keys) {
      // oxlint-disable-next-line no-await-in-loop -- as above
      await tab.evaluate(armKeystroke);
      // oxlint-disable-next-line no-await-in-loop -- as above
      await tab.keyboard.press(key);
      // oxlint-disable-next-line no-await-in-loop -- as above
      const ms = Number(await tab.evaluate('window.benchPainted'));
      if (!Number.isNaN(ms)) times.push(ms);
      // oxlint-disable-next-line no-await-in-loop -- let the URL settle between keystrokes, as a person would
      await tab.waitForTimeout(150);
    }
    worst.push(Math.max(...times));
    all.push(...times);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await context.close();
  }
  return { worstMs: median(worst), medianMs: median(all), keystrokes: all.length };
}

export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath });
}
