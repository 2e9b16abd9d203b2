import type { Alert } from '@/proxy-api/alerts-console';
import type { MessageKey, Values } from '@/console/lib/i18n';

// An alert in words (docs/decisions/0026): the rule says what happened, the details who and when
// (basic_limit and trial_ending name a doctor; trial_ending and pending_change carry a date).

export interface AlertWords {
  key: MessageKey;
  values: Values;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The message and its values; `formatDate` turns the ISO date into the reader's words (D10). */
export function alertWords(alert: Alert, formatDate: (value: Date) => string): AlertWords {
  const { details } = alert;
  const date = text(details['at']);
  return {
    key: `alerts.rule.${alert.rule}`,
    values: {
      centre: alert.centreName,
      doctor: text(details['doctorName']) ?? text(details['doctorId']) ?? '',
      date: date ? formatDate(new Date(date)) : '',
      kind: text(details['kind']) ?? 'other',
    },
  };
}
