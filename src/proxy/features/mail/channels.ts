// The alerts' channels as the Node host builds them (main.ts; docs/decisions/0027):
// - e-mail through SMTP_URL when it is set;
// - else, with the demo on, through the in-process catcher (catcher.ts), listed at GET /demo/mail;
// - else none: the alerts keep their deliveries, and no e-mail leaves.
// The chat webhook needs no setting: each connection's admins set theirs (features/connections/routes.ts).
import type { MailConfig } from './config.ts';
import type { Channels, EmailMessage, WebhookMessage } from './alert-types.ts';
import { startMailCatcher, type MailCatcher } from '../demo/mail-catcher.ts';
import { createEmailChannel, createMailTransport } from './mailer.ts';
import { postToWebhook } from './webhook.ts';

export type EmailMode = 'smtp' | 'catcher' | 'off';

export interface AlertChannels {
  channels: Channels;
  email: EmailMode;
  /** The demo's catcher, when it runs (the app lists its mail). */
  catcher: MailCatcher | undefined;
  close(): Promise<void>;
}

export interface AlertChannelOptions {
  mail: MailConfig;
  demo: boolean;
  /** The console's origin for the alerts' links: PUBLIC_ORIGIN, else the proxy's own URL. */
  consoleOrigin: () => string;
}

export async function startAlertChannels(options: AlertChannelOptions): Promise<AlertChannels> {
  const { mail } = options;
  const catcher =
    mail.smtp === undefined && options.demo ? await startMailCatcher({ port: mail.catcherPort }) : undefined;
  const smtp =
    mail.smtp ??
    (catcher && { host: '127.0.0.1', port: catcher.port, secure: false, auth: undefined, loopback: true });
  const transport = smtp && createMailTransport(smtp);
  const email =
    transport &&
    ((message: EmailMessage) =>
      createEmailChannel({ transport, from: mail.from, consoleOrigin: options.consoleOrigin() })(message));
  const webhook = (message: WebhookMessage) =>
    postToWebhook(message.url, message.alerts, message.language, {
      consoleOrigin: options.consoleOrigin(),
      scope: {
        ...(message.total !== undefined && { total: message.total }),
        ...(message.key && { key: message.key }),
      },
    });
  return {
    channels: { ...(email && { email }), webhook },
    email: mail.smtp ? 'smtp' : catcher ? 'catcher' : 'off',
    catcher,
    async close() {
      transport?.close();
      await catcher?.close();
    },
  };
}
