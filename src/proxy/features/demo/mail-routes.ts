// GET /demo/mail: what the demo's in-process SMTP catcher received (issue 26, item 5;
// docs/decisions/0027), for the console's demo mail page. Served only while the demo runs with its
// catcher (no SMTP_URL). A person sees only the messages addressed to them: a demo's admin may
// invite any real address, and its mail is no other visitor's to read (issue 46 L1). A
// client-credential session (the demo's buttons) has no address, so it sees none.
import { Hono } from 'hono';
import type { CaughtMailWire } from '../../../proxy-api/demo-mail.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { Authorization } from '../people/index.ts';
import type { DemoMailbox } from './mailbox.ts';

export interface DemoMailRouteDeps {
  auth: Authorization;
  /** The demo's mail catcher; absent outside the demo or with SMTP_URL. */
  mailbox: DemoMailbox | undefined;
}

export function demoMailRoutes({ auth, mailbox }: DemoMailRouteDeps) {
  return new Hono<ProxyEnv>().get('/', auth.permit('listDemoMail'), (c) => {
    if (!mailbox)
      refuse(
        404,
        'not_found',
        'There is no demo mail catcher here (it runs with the demo, without SMTP_URL).',
      );
    const { access } = c.var;
    const address = access.kind === 'person' ? access.person.email.toLowerCase() : undefined;
    const messages: CaughtMailWire[] = mailbox
      .list()
      .filter((mail) => address !== undefined && mail.to.some((to) => to.toLowerCase() === address))
      .map(({ id, receivedAt, from, to, subject, text }) => ({ id, receivedAt, from, to, subject, text }));
    c.header('cache-control', 'no-store');
    return c.json({ messages });
  });
}
