// The alerts' channels as the Node host builds them (start/resources.ts; docs/decisions/0027):
// - e-mail through SMTP_URL when it is set;
// - else, with the demo on, through the in-process catcher (catcher.ts), listed at GET /demo/mail;
// - else none: the alerts keep their deliveries, and no e-mail leaves.
// The chat webhook needs no setting: each connection's admins set theirs (features/connections/routes.ts).
import type { MailConfig } from './config.ts';
import type { Channels, WebhookMessage } from './alert-types.ts';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { createEmailChannel, createMailTransport } from './mailer.ts';
import { postToWebhook } from './webhook.ts';
import type { WebhookReach } from './webhook-target.ts';
import { createWebhookTransport, type WebhookTransportOptions } from './webhook-transport.ts';

export type EmailMode = 'smtp' | 'catcher' | 'off';

export interface AlertChannels {
  /** The channels whose messages link to the console at `consoleOrigin` (PUBLIC_ORIGIN, else the proxy's own URL). */
  channelsFor(consoleOrigin: string): Channels;
  email: EmailMode;
  /** The demo's catcher, when it runs (the app lists its mail). */
  catcher: MailCatcher | undefined;
  close(): Promise<void>;
}

export interface AlertChannelOptions {
  mail: MailConfig;
  demo: boolean;
  /** Where chat hooks may lead (webhook-target.ts; issue 46 M1), checked again at each post. */
  webhookReach: WebhookReach;
  /** Tests: their own name resolution and certificate authority for the hooks' transport. */
  webhookTransport?: Omit<WebhookTransportOptions, 'reach'>;
}

export async function startAlertChannels(options: AlertChannelOptions): Promise<AlertChannels> {
  const { mail } = options;
  const catcher =
    mail.smtp === undefined && options.demo ? await startMailCatcher({ port: mail.catcherPort }) : undefined;
  const smtp =
    mail.smtp ??
    (catcher && { host: '127.0.0.1', port: catcher.port, secure: false, auth: undefined, loopback: true });
  const transport = smtp && createMailTransport(smtp);
  const hooks = createWebhookTransport({ ...options.webhookTransport, reach: options.webhookReach });
  // The console's origin is known once the proxy listens (its port may be chosen then).
  const channelsFor = (consoleOrigin: string): Channels => {
    const email = transport && createEmailChannel({ transport, from: mail.from, consoleOrigin });
    const webhook = (message: WebhookMessage) =>
      postToWebhook(message.url, message.alerts, message.language, {
        consoleOrigin,
        reach: options.webhookReach,
        transport: hooks.transport,
        scope: {
          ...(message.total !== undefined && { total: message.total }),
          ...(message.key && { key: message.key }),
          ...(message.connectionId !== undefined && { connectionId: message.connectionId }),
        },
      });
    return { ...(email && { email }), webhook };
  };
  return {
    channelsFor,
    email: mail.smtp ? 'smtp' : catcher ? 'catcher' : 'off',
    catcher,
    async close() {
      transport?.close();
      await Promise.all([catcher?.close(), hooks.close()]);
    },
  };
}
