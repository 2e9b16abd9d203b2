// The seam between alerts and the ways they leave the proxy (issue 26 item 4, docs/decisions/0026).
// The delivery queue (features/alerts/delivery.ts) claims due deliveries and calls these; the mail code
// (src/proxy/mail/) implements them and the app passes them in. A channel that throws has failed
// this attempt: the delivery is retried with backoff and, past its last attempt, shown to admins.
import type { AlertRule } from './rules.ts';

export type AlertLanguage = 'en' | 'es' | 'ca';

/** One alert as a message shows it. */
export interface AlertView {
  id: number;
  rule: AlertRule;
  centreId: number;
  centreName: string;
  /** When it was raised (ISO 8601). */
  at: string;
  /** What the rule adds: a doctor's id and name, a date (ISO), the pending change's kind. */
  details: Record<string, string | number | boolean | null>;
}

export interface EmailMessage {
  to: string;
  language: AlertLanguage;
  alerts: AlertView[];
  /** 'immediate': one alert, now (suspension, cancellation); 'digest': the day's others. */
  kind: 'immediate' | 'digest';
}

export interface WebhookMessage {
  /** The connection's unsealed chat webhook URL (never logged; docs/decisions/0027). */
  url: string;
  language: AlertLanguage;
  alerts: AlertView[];
}

export interface Channels {
  email?(message: EmailMessage): Promise<void>;
  webhook?(message: WebhookMessage): Promise<void>;
}

/**
 * What a failed attempt records: a short reason code, never the error's text (docs/decisions/0020).
 * A channel may throw an error with a string `code` (nodemailer's 'EENVELOPE', 'ECONNECTION', …).
 */
export function failureCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code.slice(0, 64);
  return error instanceof Error ? error.name.slice(0, 64) : 'unknown';
}
