// Logs are JSON lines through pino (docs/decisions/0005): one line per request and one per event.
// Entries are built from known fields, and pino's redaction removes anything under a name that
// can hold a credential, should one ever be passed in: a second line of defence.
import { pino, type DestinationStream } from 'pino';
import type { Logger } from './context.ts';

export const redactedPaths = [
  'authorization',
  'cookie',
  'clientSecret',
  'client_secret',
  'secret',
  'accessToken',
  'access_token',
  'token',
  '*.authorization',
  '*.cookie',
  '*.clientSecret',
  '*.client_secret',
  '*.secret',
  '*.accessToken',
  '*.access_token',
  '*.token',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

/** The proxy's logger; `destination` defaults to stdout (tests pass one that keeps the lines). */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactedPaths, censor: '[redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
