// Alert e-mail's configuration (issue 26, docs/decisions/0027), read with the rest (config.ts):
// the SMTP server (SMTP_URL) and the sender (MAIL_FROM). Without SMTP_URL the demo catches its
// mail in-process; elsewhere no e-mail is sent (the alerts still store their deliveries).
import { z } from 'zod';
import { isLoopbackHost } from '../../core/http/loopback.ts';

export const defaultMailFrom = 'Provider Console <alerts@provider-console.invalid>';

const smtpUrl = z
  .string()
  .trim()
  .refine(
    (value) =>
      URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== '',
    {
      message:
        'must be smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps://… (TLS from the start)',
    },
  )
  .transform((value) => new URL(value));

/** `alerts@example.org` or `Name <alerts@example.org>`. */
const mailFrom = z
  .string()
  .trim()
  .refine(
    (value) => {
      const address = /^[^<>]*<([^<>]+)>$/.exec(value)?.[1] ?? value;
      return z.email().safeParse(address.trim()).success && !/[\r\n]/.test(value);
    },
    { message: 'must be an e-mail address, or a name and one: Provider Console <alerts@example.org>' },
  );

export const mailShape = {
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailFrom.optional(),
  /** The demo's mail catcher listens on this loopback port (default: any free one). */
  MAIL_CATCHER_PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65_535))
    .optional(),
  /**
   * The only hosts a chat webhook may point at (issue 46 M1): names, or `*.domain` for its
   * subdomains, comma-separated. Unset: any public host.
   */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean);
      const bad = entries.filter((entry) => !/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be host names or *.domain, comma-separated (not ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
};

type Parsed = z.output<z.ZodObject<typeof mailShape>>;

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://, port 465 by default); else STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  /** Plain SMTP on this machine only (the demo's catcher, tests) may skip TLS. */
  loopback: boolean;
}

export interface MailConfig {
  smtp: SmtpSettings | undefined;
  from: string;
  /** 0: any free port. */
  catcherPort: number;
  /** WEBHOOK_ALLOWED_HOSTS; empty: any public host. */
  webhookAllowedHosts: string[];
}

export function smtpSettingsOf(url: URL): SmtpSettings {
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    loopback: isLoopbackHost(url.hostname),
  };
}

export const mailConfigOf = (v: Parsed): MailConfig => ({
  smtp: v.SMTP_URL && smtpSettingsOf(v.SMTP_URL),
  from: v.MAIL_FROM ?? defaultMailFrom,
  catcherPort: v.MAIL_CATCHER_PORT ?? 0,
  webhookAllowedHosts: v.WEBHOOK_ALLOWED_HOSTS,
});
