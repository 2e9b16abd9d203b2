// Days until a date, counted one way everywhere (D10: dates are shown in local time): whole
// calendar days in the viewer's time zone, from the one "now" the screens share (the service's
// clock, api/service-clock.ts), so "on 3 Dec, in 11 days" agrees with the calendar beside it, and
// the Licences and Doctors tabs never disagree by a day.

const DAY_MS = 86_400_000;
const midnight = (value: Date) => new Date(value.getFullYear(), value.getMonth(), value.getDate()).getTime();

/** Whole calendar days from `now` to `date`: 0 today, 1 tomorrow, negative in the past. */
export function daysUntil(now: Date, date: Date): number {
  // Rounded: a daylight-saving change makes a day 23 or 25 hours long.
  return Math.round((midnight(date) - midnight(now)) / DAY_MS);
}

/** Spec 4.7 does not say how early a TRIAL's end is worth a word: two weeks ahead. */
export const TRIAL_WARNING_DAYS = 14;

/** Whether `date` comes within `days` days after `now` (and has not come yet). */
export const isWithinDays = (now: Date, date: Date, days: number): boolean =>
  date.getTime() > now.getTime() && date.getTime() <= now.getTime() + days * DAY_MS;
