// The embedded demo identity provider's few pages (docs/decisions/0023): choose a demo person (or
// type any address, which the console will refuse unless it knows it), the provider's error page,
// and its sign-out step. Plain HTML with one nonce'd stylesheet under a strict CSP: the provider
// is a separate site from the console, even on the same origin.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { DemoPerson } from './people.ts';

type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A page made of text only (no value is a promise) is whole as soon as it is made. */
function textOf(markup: Markup): string {
  if (markup instanceof Promise) throw new Error('a demo page is made of text only');
  return markup.toString();
}

const style = `
:root{color-scheme:light dark;--bg:#f4f6f8;--card:#fff;--ink:#1b1f24;--muted:#5c6570;--line:#d5dbe1;--accent:#1c64c8}
@media (prefers-color-scheme:dark){:root{--bg:#15181c;--card:#1f2328;--ink:#e7eaee;--muted:#a3acb6;--line:#39414a;--accent:#5b9cf0}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,sans-serif}
main{max-width:30rem;margin:3rem auto;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:var(--muted)}
.person{display:flex;width:100%;text-align:left;flex-direction:column;gap:.1rem;margin:.5rem 0;padding:.75rem 1rem;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit;font:inherit;cursor:pointer}
.person:hover,.person:focus-visible{border-color:var(--accent);outline:none}
.person small{color:var(--muted)}
label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;margin:.35rem 0 .75rem;padding:.6rem .75rem;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit;font:inherit}
.primary{padding:.6rem 1rem;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.link{border:0;background:none;color:var(--accent);font:inherit;cursor:pointer;padding:0;margin-top:1rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);margin-bottom:.5rem}`;

export interface Page {
  title: string;
  body: Markup;
  /** Where forms on the page may post, beside this origin. */
  formTargets?: readonly string[];
  script?: string;
}

export function sendPage(res: ServerResponse, status: number, page: Page): void {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    page.script ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    `form-action 'self' ${(page.formTargets ?? []).join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const script =
    page.script &&
    html`<script nonce="${nonce}">
      ${raw(page.script)};
    </script>`;
  const document = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${page.title}</title>
        <style nonce="${nonce}">
          ${raw(style)}
        </style>
      </head>
      <body>
        <main>
          <div class="card"><span class="badge">Demo identity provider</span>${page.body}</div>
        </main>
        ${script}
      </body>
    </html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  });
  res.end(textOf(document));
}

/** Who signs in: a demo person with one press, or any address typed in. */
export function loginPage(uid: string, people: readonly DemoPerson[], client: string): Page {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}`;
  const buttons = people.map(
    (person) =>
      html`<button class="person" type="submit" name="account" value="${person.subject}">
        <strong>${person.name}</strong><small>${person.title} · ${person.email}</small>
      </button>`,
  );
  return {
    title: 'Sign in · Demo identity provider',
    body: html`<h1>Sign in to ${client}</h1>
      <p>Choose a demo person. No password: this provider exists only for the demo.</p>
      <form method="post" action="${action}/login">${buttons}</form>
      <form method="post" action="${action}/login">
        <label for="email">Someone else</label
        ><input
          id="email"
          name="email"
          type="email"
          autocomplete="off"
          placeholder="name@example.com"
          required
        /><button class="primary" type="submit">Sign in</button>
      </form>
      <form method="post" action="${action}/abort">
        <button class="link" type="submit">Cancel and go back</button>
      </form>`,
  };
}

export function errorPage(message: string): Page {
  return {
    title: 'Sign-in problem · Demo identity provider',
    body: html`<h1>This sign-in cannot go on</h1>
      <p>${message}</p>
      <p>Go back to the console and start again.</p>`,
  };
}

/**
 * The provider's own sign-out form (RP-initiated logout, markup oidc-provider made): sent at once
 * when the console sent a valid `id_token_hint`; otherwise the person is asked first.
 */
export function logoutPage(form: string, hinted: boolean): Page {
  const button = html`<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">
    Sign out
  </button>`;
  if (!hinted)
    return {
      title: 'Sign out? · Demo identity provider',
      body: html`<h1>Do you want to sign out?</h1>
        <p>Sign out of the demo identity provider.</p>
        ${raw(form)}${button}`,
    };
  return {
    title: 'Signing out · Demo identity provider',
    body: html`<h1>Signing you out</h1>
      <p>You are signed out of the console; this signs you out of the demo identity provider too.</p>
      ${raw(form)}${button}`,
    script: `document.getElementById('op.logoutForm').requestSubmit(document.querySelector('button[name=logout]'))`,
  };
}
