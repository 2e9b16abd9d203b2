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

// Every signed-in screen rendered by the proxy (docs/decisions/0028): the console's router, with
// its loaders answered by the proxy itself in process, rendered into the page and hydrated.

export interface ScreenRequest {
  language: FirstScreenLanguage;
  /** The browser's time zone (IANA), for the screen's local times; undefined: the server's. */
  timeZone: string | undefined;
  /** The address asked for, path and query. */
  url: string;
  nonce: string;
  /** The proxy's own origin, for the render's absolute URLs. */
  origin: string;
  /**
   * Answers the render's calls to the console↔proxy API, in process, as the session that asked
   * for the page: its cookie, so that every permission check and scope applies as in the browser.
   */
  fetch: (request: Request) => Promise<Response>;
}

export interface RenderedScreen {
  /** What goes inside `<div id="root">`. */
  markup: string;
  /** The data the screen was rendered from, as the JSON the console hydrates from (escaped). */
  state: string;
}

/**
 * The screen at `url` for this session; or where the console would send the browser at once (a
 * path on this origin); or undefined when it cannot be rendered whole (an error): the frame alone
 * is sent then and the console renders it in the browser.
 */
export type RenderScreen = (
  request: ScreenRequest,
) => Promise<RenderedScreen | { redirect: string } | undefined>;

/** Where the built page takes the dehydrated data (a `<script type="application/json">`). */
export const SCREEN_STATE_SLOT = '<!--provider-console-screen-state-->';
/** That element's id, where the console reads it (src/console/lib/server-state.ts). */
export const SCREEN_STATE_ID = 'provider-console-state';
