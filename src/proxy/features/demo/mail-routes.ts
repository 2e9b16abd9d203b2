// GET /demo/mail: what the demo's in-process SMTP catcher received (issue 26, item 5;
// docs/decisions/0027), for the console's demo mail page. Served only while the demo runs with its
// catcher (no SMTP_URL); to anyone signed in, since it holds only the demo's own alerts.
import { Hono } from 'hono';
import type { CaughtMailWire } from '../../../proxy-api/demo-mail.ts';
import { fail, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../people/authorize-legacy.ts';

export function demoMailRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();
  routes.get('/', async (c) => {
    const authorized = await authorize(deps, c, 'listDemoMail');
    if (authorized instanceof Response) return authorized;
    if (!deps.demoMail)
      return fail(
        c,
        404,
        'not_found',
        'There is no demo mail catcher here (it runs with the demo, without SMTP_URL).',
      );
    const messages: CaughtMailWire[] = deps.demoMail
      .list()
      .map(({ id, receivedAt, from, to, subject, text }) => ({ id, receivedAt, from, to, subject, text }));
    c.header('cache-control', 'no-store');
    return c.json({ messages });
  });
  return routes;
}
