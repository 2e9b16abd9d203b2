// The watcher's configuration (issue 26, docs/decisions/0025), read with the rest (config.ts).
import { z } from 'zod';
import { whole } from './config-limits.ts';

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
};

type Parsed = z.output<z.ZodObject<typeof watchShape>>;

export interface WatchConfig {
  enabled: boolean;
  intervalMinutes: number;
  concurrency: number;
}

export const watchConfigOf = (v: Parsed): WatchConfig => ({
  enabled: v.WATCH,
  intervalMinutes: v.WATCH_INTERVAL_MINUTES,
  concurrency: v.WATCH_CONCURRENCY,
});
