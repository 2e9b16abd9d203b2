import type { EnvironmentKind } from './console.ts';

// The overview the proxy renders into a page's HTML (docs/decisions/0025 "Rendered into the HTML"):
// what the proxy gives the console's server-side render (src/console/app/first-screen.tsx, built
// into dist/server/first-screen.js), and what it gets back.

export type FirstScreenLanguage = 'en' | 'es' | 'ca';

export interface FirstScreenRequest {
  language: FirstScreenLanguage;
  /** The browser's time zone (IANA), for the screen's local times. */
  timeZone: string;
  /** The address asked for, path and query (`/overview?show=attention`). */
  url: string;
  environment: EnvironmentKind;
  providerId: number;
  /** `GET /watch/centres`'s answer for the session's connection, as the proxy serves it. */
  answer: string;
  /** The service's now (D10: the simulator's clock in the demo), which the rules read. */
  now: Date;
  nonce: string;
}

/**
 * The overview's markup inside the signed-in frame (what goes into `<div id="root">`), or undefined
 * when the snapshots have nothing to show (no centre yet: the console's own empty state).
 */
export type RenderOverview = (request: FirstScreenRequest) => Promise<string | undefined>;

/** Where the built page (tools/build/prerender.ts) takes the markup the proxy renders. */
export const FIRST_SCREEN_SLOT = '<!--provider-console-first-screen-->';
