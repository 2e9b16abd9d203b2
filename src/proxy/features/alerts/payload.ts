// What an alert says beyond its rule (`alert.payload`, written by features/alerts/rules.ts: the centre's name,
// a doctor, a date), read back. One home for the inbox, the messages and the admins' deliveries
// (docs/decisions/0026); its own module because inbox.ts reads delivery.ts, which reads this too.

export type AlertPayload = Record<string, string | number | boolean | null>;

/** The stored payload as an object (a row that is not one reads as empty). */
export const payloadOf = (value: unknown): AlertPayload =>
  typeof value === 'object' && value !== null ? (value as AlertPayload) : {};

/** The centre's name as the alert was raised with it; its id when the payload has none. */
export const centreNameOf = (payload: unknown, centreId: number): string => {
  const { centreName } = payloadOf(payload);
  return typeof centreName === 'string' ? centreName : String(centreId);
};

/** The rest of what it says (a doctor, a date): the payload without the centre's name. */
export const detailsOf = (payload: unknown): AlertPayload =>
  Object.fromEntries(Object.entries(payloadOf(payload)).filter(([key]) => key !== 'centreName'));
