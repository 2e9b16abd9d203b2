// Lighthouse's performance score, mobile and desktop (the npm registry's Lighthouse with the system
// Chromium), docs/decisions/0017. A signed-in page is audited in a browser that signed in itself
// (its cookie jar holds the proxy's own cookie, which Lighthouse's storage reset keeps), and each
// audit must end on the page's own address: one that ends on /login measured the login page, and
// its score is void (issue 48 item 7).
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median, signInContext, type Page } from './browser.ts';

export interface LighthouseFigures {
  mobile: number;
  desktop: number;
  mobileRuns: number[];
  desktopRuns: number[];
  /** Audits that ended away from the page's address (their scores are NaN), with where they ended. */
  wrongEnds: string[];
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
  // The same browser, driven by Playwright only to sign in (its default context is Lighthouse's).
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const out = new Map<string, LighthouseFigures>();
  try {
    const context = driver.contexts()[0];
    if (!context) throw new Error('the audited browser has no context');
    for (const page of pages) {
      // oxlint-disable-next-line no-await-in-loop -- one page at a time: each its own session
      await context.clearCookies();
      // oxlint-disable-next-line no-await-in-loop -- as above
      await signInContext(context, page);
      const scores = { mobile: [] as number[], desktop: [] as number[] };
      const wrongEnds: string[] = [];
      for (let run = 0; run < runs; run += 1) {
        for (const formFactor of ['mobile', 'desktop'] as const) {
          // oxlint-disable-next-line no-await-in-loop -- one audit at a time: they share two cores
          const audit = await auditScore(page, formFactor, chrome.port);
          scores[formFactor].push(audit.endedOn === undefined ? audit.score : Number.NaN);
          if (audit.endedOn !== undefined) wrongEnds.push(`${formFactor} ended on ${audit.endedOn}`);
        }
      }
      out.set(page.name, {
        // A void audit voids the figure: NaN meets no target.
        mobile: scores.mobile.some(Number.isNaN) ? Number.NaN : median(scores.mobile),
        desktop: scores.desktop.some(Number.isNaN) ? Number.NaN : median(scores.desktop),
        mobileRuns: scores.mobile,
        desktopRuns: scores.desktop,
        wrongEnds,
      });
    }
  } finally {
    await driver.close().catch(() => undefined);
    chrome.kill();
  }
  return out;
}

/**
 * One audit's performance score, and where it ended when that is not the page's own address. An
 * audit that ends without a score (Lighthouse's runtime error, seen once on a loaded machine) is
 * run again, up to three times, rather than ending the whole bench.
 */
async function auditScore(
  page: Page,
  formFactor: 'mobile' | 'desktop',
  port: number,
): Promise<{ score: number; endedOn: string | undefined }> {
  let reason = 'no result';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // oxlint-disable-next-line no-await-in-loop -- one audit at a time
    const result = await lighthouse(
      page.url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const score = result?.lhr.categories['performance']?.score;
    if (typeof score === 'number') {
      const ended = new URL(result?.lhr.finalDisplayedUrl ?? page.url).pathname;
      const endedOn = ended === new URL(page.url).pathname ? undefined : ended;
      return { score: Math.round(score * 100), endedOn };
    }
    reason = result?.lhr.runtimeError?.code ?? reason;
    console.warn(`Lighthouse gave no score for ${page.name} (${formFactor}): ${reason}; running it again`);
  }
  throw new Error(`Lighthouse gave no score for ${page.name} (${formFactor}) three times: ${reason}`);
}
