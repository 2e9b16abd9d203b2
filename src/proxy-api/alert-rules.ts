// The alert rules' names (docs/decisions/0026), in a module of their own without zod: the proxy's
// schemas (alerts-wire.ts, full zod) and the console's (alerts-console-wire.ts, zod/mini) both read
// this one list, and neither ships the other's zod.
export const ALERT_RULES = [
  'suspended',
  'reinstated',
  'cancelled',
  'reactivated',
  'basic_limit',
  'trial_ending',
  'pending_change',
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

/** "Soon": a change or a TRIAL's end within the next 7 days raises its alert (docs/decisions/0026). */
export const soonMs = 7 * 24 * 3600_000;
