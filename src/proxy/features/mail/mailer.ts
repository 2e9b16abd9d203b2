// Alert e-mail through nodemailer's SMTP transport (docs/decisions/0027). `createEmailChannel` is
// the alerts' `Channels['email']`: it renders (render.ts) and sends, and a failure throws a
// `MailDeliveryError` carrying codes only (docs/decisions/0020: never the server's free text, which
// can quote addresses or whatever it was sent), so that the delivery job retries or gives up.
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpSettings } from './config.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import type { Channels, EmailMessage } from './alert-types.ts';
import { renderEmail } from './render.ts';

export type MailFailureReason =
  /** The server answered 5xx to the sender, a recipient or the message: sending again will not help. */
  | 'refused'
  /** The server answered 4xx (busy, greylisting, mailbox full): worth retrying later. */
  | 'deferred'
  /** The user name or password was not accepted. */
  | 'auth_failed'
  /** No connection, TLS failed, or the connection broke. */
  | 'connection_failed'
  /** The server did not answer within the deadline. */
  | 'timeout';

/** An e-mail not sent, in codes a log line and the delivery job can use. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  readonly reason: MailFailureReason;
  /** Whether the same message may go through later (backoff), or never will. */
  readonly retryable: boolean;
  /** The SMTP reply code (550, 451, …) when the server gave one. */
  readonly responseCode: number | undefined;
  /** The transport's code (EENVELOPE, ECONNECTION, …): a fixed identifier, never a message. */
  readonly code: string | undefined;
  constructor(reason: MailFailureReason, retryable: boolean, responseCode?: number, code?: string) {
    super(`e-mail not sent: ${reason}${responseCode === undefined ? '' : ` (${responseCode})`}`);
    this.reason = reason;
    this.retryable = retryable;
    this.responseCode = responseCode;
    this.code = code;
  }
}

export function mailFailureOf(error: unknown): MailDeliveryError {
  const { code } = errorFacts(error);
  const raw = (error as { responseCode?: unknown } | null)?.responseCode;
  const responseCode = typeof raw === 'number' && raw >= 200 && raw < 600 ? raw : undefined;
  if (code === 'EAUTH') return new MailDeliveryError('auth_failed', false, responseCode, code);
  if (responseCode !== undefined && responseCode >= 500)
    return new MailDeliveryError('refused', false, responseCode, code);
  if (responseCode !== undefined && responseCode >= 400)
    return new MailDeliveryError('deferred', true, responseCode, code);
  if (code === 'ETIMEDOUT') return new MailDeliveryError('timeout', true, undefined, code);
  return new MailDeliveryError('connection_failed', true, responseCode, code);
}

/** Deadlines of one delivery: a stalled server never holds a delivery job for long. */
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailTransport(smtp: SmtpSettings): Transporter<SMTPTransport.SentMessageInfo> {
  return createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.auth && { auth: smtp.auth }),
    // Plain SMTP leaves this machine only upgraded to TLS; on loopback (the catcher, tests) it may stay plain.
    ...(smtp.loopback ? { ignoreTLS: !smtp.secure } : { requireTLS: !smtp.secure }),
    ...timeouts,
  });
}

export interface EmailChannelOptions {
  transport: Transporter<SMTPTransport.SentMessageInfo>;
  /** MAIL_FROM. */
  from: string;
  /** Where the console is (PUBLIC_ORIGIN, else the proxy's own address): the centres' links. */
  consoleOrigin: string;
}

export function createEmailChannel(options: EmailChannelOptions): NonNullable<Channels['email']> {
  return async (message: EmailMessage) => {
    const mail = renderEmail(message, options.consoleOrigin);
    try {
      await options.transport.sendMail({
        from: options.from,
        to: message.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The same on every attempt and "Send again": a receiver can drop a second copy (issue 46 item 11).
        ...(message.key && { messageId: `<${message.key}@alerts.provider-console>` }),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      throw mailFailureOf(error);
    }
  };
}
