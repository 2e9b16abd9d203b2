// The alerts' wire (docs/decisions/0026): what /alerts answers and accepts, parsed on both sides.
import { z } from 'zod';
import { ALERT_RULES } from './alert-rules.ts';

export const alertRuleSchema = z.enum(ALERT_RULES);
export const alertLanguageSchema = z.enum(['en', 'es', 'ca']);

export const alertItemSchema = z.object({
  id: z.number().int(),
  rule: alertRuleSchema,
  centreId: z.number().int(),
  centreName: z.string(),
  /** Raised at (ISO). */
  at: z.string(),
  readAt: z.string().nullable(),
  /** A doctor's id and name, a date (ISO), the kind of a pending change. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AlertItem = z.infer<typeof alertItemSchema>;

export const alertPageSchema = z.object({ items: z.array(alertItemSchema), next: z.string().nullable() });
export const unreadSchema = z.object({ unread: z.number().int().nonnegative() });
export const markReadRequestSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
  z.object({ all: z.literal(true) }),
]);
export const preferencesSchema = z.object({
  rules: z.array(z.object({ rule: alertRuleSchema, inbox: z.boolean(), email: z.boolean() })).max(20),
  language: alertLanguageSchema,
});
export type AlertPreferences = z.infer<typeof preferencesSchema>;

/** Time zones the runtime knows (Intl), plus `UTC`, which some runtimes list only as `Etc/UTC`. */
const knownTimeZones = (): ReadonlySet<string> =>
  (zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]));
let zones: Set<string> | undefined;

/** An IANA time zone name, as the browser reports it (`Intl.DateTimeFormat().resolvedOptions()`). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => knownTimeZones().has(zone), 'an IANA time zone name, such as Europe/Madrid');
export const isTimeZone = (zone: string): boolean => timeZoneSchema.safeParse(zone).success;

/** `PUT /alerts/time-zone`: the zone the person's alert e-mails give times in (issue 47 item 14). */
export const timeZoneRequestSchema = z.object({ timeZone: timeZoneSchema });
