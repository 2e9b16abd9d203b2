import { z } from 'zod/mini';
import { send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// The demo's caught e-mail on the console wire (issue 26, item 5; docs/decisions/0027): what the
// proxy's in-process SMTP catcher received, newest first. Ours, not the service's; demo only.

export const DEMO_MAIL_PATH = '/demo/mail';

export const caughtMailSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
});
export type CaughtMailWire = z.infer<typeof caughtMailSchema>;
export const demoMailSchema = z.object({ messages: z.array(caughtMailSchema) });

export function listDemoMail(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: DEMO_MAIL_PATH }, demoMailSchema, init);
}
