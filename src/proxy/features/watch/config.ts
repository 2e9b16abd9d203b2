// The watcher's configuration (issue 26, docs/decisions/0025), read with the rest (config.ts).
import { z } from 'zod';
import { soonMs } from '../../../proxy-api/alert-rules.ts';
import { whole } from '../../core/config/limits.ts';

/**
 * The fewest days of history and alerts kept: more than the date rules look ahead (7 days), so that
 * an alert about a date is purged only once that date has passed and can never be raised again
 * (docs/decisions/0026 "Retention").
 */
const fewestHistoryDays = soonMs / 86_400_000 + 1;

export const watchShape = {
  /** The watcher on (default) or off (the browser journeys, whose D11 faults are the page's). */
  WATCH: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value !== 'false'),
  /** How often every centre of every stored connection is read (a day at most). */
  WATCH_INTERVAL_MINUTES: whole(15, 1_440),
  /** Requests in flight to one upstream, at most, across every instance. */
  WATCH_CONCURRENCY: whole(8, 64),
  /** How long the centres' history and the alerts are kept, as the audit log's AUDIT_RETENTION_DAYS. */
  WATCH_HISTORY_DAYS: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, `must be a whole number of days from ${fewestHistoryDays} to 99999`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(
          fewestHistoryDays,
          `must be at least ${fewestHistoryDays}: the date alerts look 7 days ahead, and an alert is kept until its date has passed`,
        ),
    )
    .optional()
    .transform((value) => value ?? 400),
};

type Parsed = z.output<z.ZodObject<typeof watchShape>>;

export interface WatchConfig {
  enabled: boolean;
  intervalMinutes: number;
  concurrency: number;
  /** WATCH_HISTORY_DAYS: older history rows (but each kind's newest) and finished alerts are purged. */
  historyDays: number;
}

export const watchConfigOf = (v: Parsed): WatchConfig => ({
  enabled: v.WATCH,
  intervalMinutes: v.WATCH_INTERVAL_MINUTES,
  concurrency: v.WATCH_CONCURRENCY,
  historyDays: v.WATCH_HISTORY_DAYS,
});
