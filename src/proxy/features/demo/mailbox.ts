// What the demo's mail catcher keeps (catcher.ts), as the app reads it: web-standard types only,
// since the app's options are checked in the browser's project too (docs/decisions/0012).

export interface CaughtMail {
  id: string;
  /** When it arrived (ISO 8601). */
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The HTML part as sent (the page shows the text; the HTML is for tests and a closer look). */
  html: string | undefined;
}

/** What the demo's mail page reads. */
export interface DemoMailbox {
  /** The newest first. */
  list(): CaughtMail[];
}
