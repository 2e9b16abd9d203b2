// The seam between alerts and the ways they leave the proxy (issue 26 item 4, docs/decisions/0026).
// A message job (features/alerts/delivery.ts) composes one message and calls these; the mail code
// (features/mail/) implements them and the app passes them in. A channel that throws has failed
// this attempt: pg-boss retries the job with backoff and, past its last attempt, dead-letters it
// for admins to see. Every message carries a key that names it across retries, so that a
// receiver can drop a second copy (delivery is at least once, issue 46 item 11).
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

/** What a message says beyond the alerts it lists: how many there are in all (a storm lists the worst only). */
export interface MessageScope {
  /** Alerts the message stands for (default: those listed). */
  total?: number;
  /** Distinct centres among them (default: those listed). */
  centres?: number;
  /** The same for every attempt and "Send again": the e-mail's Message-ID, the post's Idempotency-Key. */
  key?: string;
  /** The connection the alerts came from, named in the message's links (issue 47 item 4). */
  connectionId?: string;
}

export interface EmailMessage extends MessageScope {
  to: string;
  language: AlertLanguage;
  /** The person's IANA time zone; absent: unknown, the times are in UTC and say so. */
  timeZone?: string;
  /** Worst first (`severity`), at most `maxListed`. */
  alerts: AlertView[];
  /** 'immediate': a raise's suspensions and cancellations, now; 'digest': the day's others. */
  kind: 'immediate' | 'digest';
}

export interface WebhookMessage extends MessageScope {
  /** The connection's unsealed chat webhook URL (never logged; docs/decisions/0027). */
  url: string;
  language: AlertLanguage;
  alerts: AlertView[];
}

/** Alerts a message lists by name; the rest are counted and linked (issue 46 item 1: bounded in bytes). */
export const maxListed = 20;

/** Worst first: what cuts a centre off, then what limits it, then what is coming, then good news. */
export const severity: readonly AlertRule[] = [
  'cancelled',
  'suspended',
  'basic_limit',
  'pending_change',
  'trial_ending',
  'reactivated',
  'reinstated',
];

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
