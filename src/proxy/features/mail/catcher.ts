// The demo's mail catcher (issue 26, item 5; docs/decisions/0027): a real SMTP server in the
// proxy's process (smtp-server), on loopback only, that keeps the last messages it received
// (parsed by mailparser) for the demo's mail page. The mailer talks to it as to any server, so the
// demo sends its alerts through the same code a deployment does.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CaughtMail, DemoMailbox } from '../demo/index.ts';

export type { CaughtMail, DemoMailbox } from '../demo/index.ts';

export interface MailCatcher extends DemoMailbox {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  close(): Promise<void>;
}

/** A message larger than this is refused (the demo's alerts are a few kB). */
const maxMessageBytes = 1024 * 1024;

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) =>
    object.value.map((entry) => entry.address ?? '').filter(Boolean),
  );

async function readMail(stream: Readable): Promise<CaughtMail> {
  const parsed = await simpleParser(stream);
  return {
    id: randomUUID(),
    receivedAt: new Date().toISOString(),
    from: addresses(parsed.from)[0] ?? '',
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : undefined,
  };
}

export async function startMailCatcher(options: { port?: number; keep?: number } = {}): Promise<MailCatcher> {
  const keep = options.keep ?? 50;
  const caught: CaughtMail[] = [];
  const server = new SMTPServer({
    // STARTTLS off: smtp-server's built-in certificate has expired, and this never leaves loopback.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: maxMessageBytes,
    banner: 'Provider Console demo mail catcher',
    logger: false,
    onData(stream, _session, callback) {
      void (async () => {
        let refusal: Error | undefined;
        try {
          const mail = await readMail(stream);
          if (stream.sizeExceeded)
            refusal = Object.assign(new Error('message too large'), { responseCode: 552 });
          else {
            caught.unshift(mail);
            caught.splice(keep);
          }
        } catch {
          refusal = Object.assign(new Error('unreadable message'), { responseCode: 554 });
        }
        callback(refusal);
      })();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that misbehaves is its own problem: the catcher keeps serving.
  server.on('error', () => {});
  return {
    port: (server.server.address() as AddressInfo).port,
    list: () => structuredClone(caught),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
