// What an audit entry says about each change (docs/decisions/0018), read from the request the
// console sent and from at most a few kB of the answer it received (`answerPrefixBytes`): never the
// service's free text (D2 `message`, a problem's `detail`), never a secret (4.3 and 4.4 answer
// one), only statuses, codes, ids and field names. Pure functions over bytes, tested on their own.
import { z } from 'zod';

/** How much of any answer the recorder reads: the rest streams to the browser unread. */
export const answerPrefixBytes = 4_096;
/** A request body kept beyond this is recorded by its size and digest only. */
export const maxStoredBodyBytes = 16_384;

/** What one forwarded call leaves: the centre, the subject, the code and the detail per entry. */
export interface EntryPart {
  centreId: number | null;
  subject: string | null;
  code: string | null;
  detail: Record<string, unknown>;
}

function json(bytes: Uint8Array | undefined): unknown {
  if (!bytes || bytes.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    // A cut prefix or another format: nothing is read from it.
    return undefined;
  }
}

const codePattern = /^[A-Za-z][A-Za-z0-9_.:-]{0,59}$/;
const fieldPattern = /^[A-Za-z0-9_.[\]]{1,100}$/;
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const answerSchema = z.object({
  // The proxy's problem code (a string), D1's OAuth `error`; D2's `code` only mirrors the status.
  code: z.unknown().optional(),
  error: z.unknown().optional(),
  errors: z
    .array(z.object({ field: z.unknown() }))
    .max(1_000)
    .optional()
    .catch(undefined),
  response: z
    .object({
      applied: z.boolean().optional().catch(undefined),
      status: z.string().max(40).optional().catch(undefined),
      providerId: id.optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  doctorId: z.string().max(200).optional().catch(undefined),
  doctorIds: z.array(z.string().max(200)).max(10_000).optional().catch(undefined),
});
type Answer = z.infer<typeof answerSchema>;

/** The answer's parts the log may keep; an unreadable answer gives nothing. */
export function readAnswer(prefix: Uint8Array | undefined): Answer {
  const parsed = answerSchema.safeParse(json(prefix));
  return parsed.success ? parsed.data : {};
}

/** An error's code: the proxy's own or D1's, when it looks like a code and not like a sentence. */
export function codeOf(answer: Answer): string | null {
  for (const value of [answer.code, answer.error])
    if (typeof value === 'string' && codePattern.test(value)) return value;
  return null;
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const sentEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100).catch('unknown'),
  created: z.string().max(40).optional().catch(undefined),
  data: z
    .object({
      providerId: id.nullable().catch(null),
      items: z
        .array(
          z.object({
            planType: z.string().max(40),
            quantity: z.number().int().optional(),
            includedConsultations: z.number().int().optional(),
          }),
        )
        .max(10)
        .optional()
        .catch(undefined),
    })
    .catch({ providerId: null }),
});

/** The event id a partner-webhook body names (D8), if it names one. */
export function eventIdOf(body: Uint8Array): string | undefined {
  const parsed = sentEvent.safeParse(json(body));
  return parsed.success ? parsed.data.id : undefined;
}

/** Spec 4.8, D8: one entry per attempt, with the event as sent (its body) and D8's answer. */
export async function contractEventPart(
  body: Uint8Array,
  answer: Answer,
  status: number,
): Promise<EntryPart | undefined> {
  const sent = sentEvent.safeParse(json(body));
  // A body without an event id names no event the log could show.
  if (!sent.success) return undefined;
  const { id: eventId, type, created, data } = sent.data;
  const ok = status >= 200 && status < 300;
  return {
    centreId: data.providerId,
    subject: eventId,
    code: ok ? null : codeOf(answer),
    detail: {
      eventId,
      type,
      ...(created === undefined ? {} : { created }),
      ...(data.items === undefined ? {} : { items: data.items }),
      body: body.byteLength <= maxStoredBodyBytes ? json(body) : { truncated: true, bytes: body.byteLength },
      bodyDigest: await sha256Hex(body),
      ...(ok && answer.response?.applied !== undefined ? { applied: answer.response.applied } : {}),
      ...(ok && answer.response?.status !== undefined ? { contractStatus: answer.response.status } : {}),
    },
  };
}

const sentDoctors = z.object({
  doctors: z
    .array(
      z.object({
        doctorId: z.unknown(),
        name: z.unknown(),
        lastname: z.unknown(),
        healthProviderId: z.unknown(),
      }),
    )
    .max(10_000),
});

const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : null);

/** Spec 4.2, D4: one entry per doctor sent, registered or refused, with the fields refused. */
export function doctorParts(body: Uint8Array, answer: Answer, status: number): EntryPart[] {
  const sent = sentDoctors.safeParse(json(body));
  if (!sent.success) return [];
  const ok = status >= 200 && status < 300;
  const code = ok ? null : codeOf(answer);
  return sent.data.doctors.map((doctor, index) => {
    const refused = (answer.errors ?? [])
      .map((error) => (typeof error.field === 'string' ? error.field : ''))
      .filter((field) => fieldPattern.test(field) && field.startsWith(`doctors[${index}].`))
      .map((field) => field.slice(`doctors[${index}].`.length));
    const serviceId = ok
      ? (answer.doctorIds?.[index] ?? (index === 0 ? answer.doctorId : undefined))
      : undefined;
    const centre = id.safeParse(doctor.healthProviderId);
    return {
      centreId: centre.success ? centre.data : null,
      subject: text(doctor.doctorId),
      code,
      detail: {
        name: text(doctor.name),
        lastname: text(doctor.lastname),
        ...(serviceId === undefined ? {} : { serviceDoctorId: serviceId }),
        ...(refused.length > 0 ? { refusedFields: refused } : {}),
      },
    };
  });
}

const sentCentre = z.object({ name: z.unknown(), country: z.unknown(), city: z.unknown() });

/** Spec 4.3: the centre as asked, and its new id; the answer's credentials are never read. */
export function centreCreatedPart(body: Uint8Array, answer: Answer, status: number): EntryPart {
  const sent = sentCentre.safeParse(json(body));
  const ok = status >= 200 && status < 300;
  return {
    centreId: ok ? (answer.response?.providerId ?? null) : null,
    subject: null,
    code: ok ? null : codeOf(answer),
    detail: sent.success
      ? { name: text(sent.data.name), country: text(sent.data.country), city: text(sent.data.city) }
      : {},
  };
}

/** Spec 4.4: whose credentials were revealed (from the path); its answer is never read. */
export function credentialsRevealedPart(path: string, answer: Answer, status: number): EntryPart {
  const centre = /\/provider\/(\d{1,16})\/credentials$/.exec(path)?.[1];
  const ok = status >= 200 && status < 300;
  return {
    centreId: centre ? Number(centre) : null,
    subject: null,
    code: ok ? null : codeOf(answer),
    detail: {},
  };
}
