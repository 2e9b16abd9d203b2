import { z } from 'zod/mini';
import {
  doctorRegistrationSchema,
  type DoctorRegistration,
  type RegisterDoctorsRequest,
} from '@/contract/operations/register-doctors';
import { DOCTOR_LANGS } from '@/contract/schemas';

// One doctor of the registration form, or one row of an imported file, as typed (every field text,
// keywords as tags), and the request the service gets from it (spec 2.2, D4). The rules are the
// contract's own, field by field, so that the form, the import preview and the request cannot
// disagree: a row that passes here is a doctor the contract would send.

const wire = doctorRegistrationSchema.shape;

/** The fields of a row, in the order the form and the preview show them. */
export const ROW_FIELDS = [
  'name',
  'lastname',
  'email',
  'doctorId',
  'doctorSpeciality',
  'lang',
  'keywords',
] as const;
export type RowField = (typeof ROW_FIELDS)[number];

export const LANGS = DOCTOR_LANGS;
export type Lang = (typeof LANGS)[number];

/** A row as typed: text everywhere (an imported cell is text), keywords as tags. */
export interface DoctorRowInput {
  name: string;
  lastname: string;
  email: string;
  doctorId: string;
  doctorSpeciality: string;
  lang: string;
  keywords: string[];
}

export const emptyRow = (lang = ''): DoctorRowInput => ({
  name: '',
  lastname: '',
  email: '',
  doctorId: '',
  doctorSpeciality: '',
  lang,
  keywords: [],
});

/** A registration without its target: the target is chosen once for every row. */
export type DoctorRegistrationRow = Omit<DoctorRegistration, 'healthProviderId'>;

const trimmed = z.string().check(z.trim());

/**
 * The largest speciality number the console sends: spec 2.2 says only "number" and D4 "a positive
 * integer"; identifiers past 32 bits are refused here, with words, rather than by the service
 * (docs/decisions/0021-console-shape.md, "Limits a person is told").
 */
export const SPECIALITY_MAX = 2_147_483_647;

/** RFC 5321: the longest e-mail address a mail system carries. */
const EMAIL_MAX = 254;

/** Each field's rule, as typed: text in, the request's value out. */
const rowFields = z.object({
  name: wire.name,
  lastname: wire.lastname,
  // Optional (2.2): an empty field sends no e-mail; anything else must be an address.
  email: z.pipe(trimmed.check(z.maxLength(EMAIL_MAX)), z.union([z.literal(''), z.email()])),
  doctorId: wire.doctorId,
  // The service takes a number; the field holds text (a typed or imported digit string). Past 15
  // digits a number is no longer exact: the general rule answers for it.
  doctorSpeciality: z.pipe(
    trimmed.check(z.regex(/^\d{1,15}$/)),
    z.pipe(
      z.transform((value: string) => Number(value)),
      wire.doctorSpeciality.check(z.maximum(SPECIALITY_MAX)),
    ),
  ),
  // Text in the form (an imported cell may hold anything); one of the seven codes to pass (D4).
  lang: z.pipe(z.string(), wire.lang),
  keywords: z.array(z.string()),
});

/** How a field breaks its rule: too long or too large (with the limit), or otherwise. */
export type BrokenRule =
  { rule: 'rule' } | { rule: 'tooLong'; max: number; length: number } | { rule: 'tooBig'; max: number };

/** The rule `value` breaks as `field`, or undefined when it keeps it. */
export function brokenRule(field: RowField, value: unknown): BrokenRule | undefined {
  const result = rowFields.shape[field].safeParse(value);
  if (result.success) return undefined;
  for (const issue of result.error.issues) {
    if (issue.code !== 'too_big') continue;
    const max = Number(issue.maximum);
    if (issue.origin === 'string')
      return { rule: 'tooLong', max, length: typeof value === 'string' ? value.trim().length : 0 };
    if (issue.origin === 'number') return { rule: 'tooBig', max };
  }
  return { rule: 'rule' };
}

/** The one schema of a row: its input is the form's, its output the request's doctor (2.2). */
export const doctorRowSchema = z.pipe(
  rowFields,
  z.transform(({ keywords, email, ...rest }): DoctorRegistrationRow => {
    const terms = keywords.map((term) => term.trim()).filter(Boolean);
    return {
      ...rest,
      ...(email === '' ? {} : { email }),
      // 2.2: `doctorDictionary` is the keywords, comma-separated.
      ...(terms.length === 0 ? {} : { doctorDictionary: terms.join(', ') }),
    };
  }),
);

/** The fields of a row that break their rule (none: the row is ready to send). */
export function invalidFields(row: DoctorRowInput): RowField[] {
  const result = doctorRowSchema.safeParse(row);
  if (result.success) return [];
  const fields = new Set<RowField>();
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (typeof field === 'string' && (ROW_FIELDS as readonly string[]).includes(field))
      fields.add(field as RowField);
  }
  return ROW_FIELDS.filter((field) => fields.has(field));
}

/**
 * Rows whose doctor id another row also has, with the first other row holding it. Two rows with
 * one id would register one doctor twice over (D4: the second updates the first), so neither may
 * go until one changes.
 */
export function duplicateIds(ids: readonly string[]): Map<number, number> {
  const firstAt = new Map<string, number[]>();
  ids.forEach((raw, index) => {
    const id = raw.trim();
    if (id === '') return;
    const at = firstAt.get(id);
    if (at) at.push(index);
    else firstAt.set(id, [index]);
  });
  const duplicates = new Map<number, number>();
  for (const indexes of firstAt.values()) {
    if (indexes.length < 2) continue;
    for (const index of indexes) {
      const other = indexes.find((candidate) => candidate !== index);
      if (other !== undefined) duplicates.set(index, other);
    }
  }
  return duplicates;
}

/** The form: a target and its doctors, one schema for the form and every request (D4). */
export const registrationFormSchema = z.object({
  healthProviderId: wire.healthProviderId,
  doctors: z.array(doctorRowSchema).check(
    z.minLength(1),
    z.superRefine((doctors, context) => {
      for (const [index] of duplicateIds(doctors.map((doctor) => doctor.doctorId)))
        context.issues.push({
          code: 'custom',
          message: 'duplicate',
          path: [index, 'doctorId'],
          input: doctors[index]?.doctorId,
        });
    }),
  ),
});
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;
export type RegistrationFormOutput = z.output<typeof registrationFormSchema>;

/** D4: one doctor per request, so that every row gets its own answer. */
export const requestOf = (healthProviderId: number, row: DoctorRegistrationRow): RegisterDoctorsRequest => ({
  doctors: [{ ...row, healthProviderId }],
});
