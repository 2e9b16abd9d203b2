// How a session id travels between the browser and the proxy: the one part of the proxy that
// differs by host (docs/decisions/0012). Under Node it is an `HttpOnly` `__Host-` cookie the page's
// scripts cannot read. A service worker cannot set such a cookie (a mocked Set-Cookie becomes a
// script-readable one), so the in-browser host keeps the id in its own memory instead.
import { generateCookie, getCookie } from 'hono/cookie';
import type { Ctx } from '../http/context.ts';

export interface SessionCarrier {
  read(c: Ctx): string | undefined;
  issue(response: Response, id: string): void;
  clear(response: Response): void;
}

export const sessionCookieName = '__Host-provider-console-session';

/** Node: `HttpOnly; Secure; SameSite=Strict`, no Max-Age (it ends with the browser). */
export const cookieCarrier: SessionCarrier = {
  read: (c) => getCookie(c, sessionCookieName),
  // hono/cookie's line, which refuses a `__Host-` cookie without Secure and Path=/.
  issue(response, id) {
    response.headers.append(
      'set-cookie',
      generateCookie(sessionCookieName, id, { path: '/', httpOnly: true, secure: true, sameSite: 'Strict' }),
    );
  },
  // By hand: hono/cookie writes Max-Age before Path, and this line is asserted as it is (binding.test.ts).
  clear(response) {
    response.headers.append(
      'set-cookie',
      `${sessionCookieName}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`,
    );
  },
};

/** The in-browser host: one page, one session, held where no script of the page can reach it. */
export function memoryCarrier(): SessionCarrier {
  let current: string | undefined;
  return {
    read: () => current,
    issue(_, id) {
      current = id;
    },
    clear() {
      current = undefined;
    },
  };
}
