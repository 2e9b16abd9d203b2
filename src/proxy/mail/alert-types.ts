// The seam between the alerts (issue 26, item 4) and the channels that carry them, a copy of the
// alerts module's `channels.ts` until the two meet (names kept identical; docs/decisions/0027).
// The alerts' delivery job calls these; what each channel renders is keyed by `rule`.

export type AlertRule =
  | 'suspended'
  | 'reinstated'
  | 'cancelled'
  | 'reactivated'
  | 'basic_limit'
  | 'trial_ending'
  | 'change_scheduled';

export type AlertLanguage = 'en' | 'es' | 'ca';

export interface AlertView {
  id: string;
  rule: AlertRule;
  centreId: string;
  centreName: string;
  /** When the change was seen (ISO 8601). */
  at: string;
  details: Record<string, unknown>;
}

export interface EmailMessage {
  to: string;
  language: AlertLanguage;
  alerts: AlertView[];
  /** One alert at once (suspension, cancellation), or every alert of a day for one person. */
  kind: 'immediate' | 'digest';
}

export interface WebhookMessage {
  /** The connection's unsealed webhook URL (never logged). */
  url: string;
  language: AlertLanguage;
  alerts: AlertView[];
}

export interface Channels {
  email?(message: EmailMessage): Promise<void>;
  webhook?(message: WebhookMessage): Promise<void>;
}
