import { CONSOLE_HEADERS } from '@/proxy-api/console';
import { activityEntrySchema, type ActivityEntry } from '@/proxy-api/activity';

// Activity entries as the proxy sends them (src/proxy-api/activity.ts), parsed by the contract
// as the console reads them, for the rules' tests.

let sequence = 0;

export interface EntryInit {
  action: string;
  at: string;
  centreId?: number | null;
  subject?: string | null;
  clientId?: string;
  person?: { subject: string; name?: string };
  accepted?: boolean;
  status?: number | null;
  code?: string | null;
  detail?: Record<string, unknown>;
}

export function entry(init: EntryInit): ActivityEntry {
  sequence += 1;
  const accepted = init.accepted ?? true;
  return activityEntrySchema.parse({
    id: String(sequence),
    at: init.at,
    environment: 'demo',
    actor: {
      kind: init.person ? 'person' : 'client',
      providerId: 100,
      clientId: init.clientId ?? 'demo-parent',
      ...(init.person ? { person: init.person } : {}),
    },
    ownerProviderId: 100,
    action: init.action,
    centreId: init.centreId === undefined ? 107 : init.centreId,
    subject: init.subject ?? null,
    outcome: {
      accepted,
      status: init.status === undefined ? (accepted ? 200 : 400) : init.status,
      code: init.code ?? null,
    },
    requestId: `req-${sequence}`,
    clientAddress: '127.0.0.1',
    userAgent: 'test',
    detail: init.detail ?? {},
  });
}

/** `n` seconds after 10:00 UTC on the simulator's first day (D10), as an entry's time. */
export const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, seconds)).toISOString();

/** A contract event's attempt (D8), as the proxy records it (decision 0018). */
export const contractAttempt = (
  eventId: string,
  type: string,
  seconds: number,
  answer: { status: number; applied?: boolean; code?: string },
  extra: Partial<EntryInit> = {},
) =>
  entry({
    action: 'contract.event',
    at: at(seconds),
    subject: eventId,
    accepted: answer.status >= 200 && answer.status < 300,
    status: answer.status,
    code: answer.code ?? null,
    detail: {
      eventId,
      type,
      bodyDigest: `digest-${eventId}`,
      ...(answer.applied === undefined ? {} : { applied: answer.applied }),
    },
    ...extra,
  });

/** One doctor's registration (4.2, D4: one per request), registered or refused on `fields`. */
export const doctorEntry = (
  doctorId: string,
  seconds: number,
  refusedFields?: string[],
  extra: Partial<EntryInit> = {},
) =>
  entry({
    action: 'doctor.register',
    at: at(seconds),
    subject: doctorId,
    accepted: refusedFields === undefined,
    detail: {
      name: 'Ana',
      lastname: doctorId,
      ...(refusedFields ? { refusedFields } : {}),
    },
    ...extra,
  });

/** A call sent straight through the proxy (`/api` + the spec's path), as another console might. */
export function sendThroughProxy(path: string, body: unknown) {
  return fetch(new URL(`/api${path}`, globalThis.location.href), {
    method: 'POST',
    headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** 4.8, D8: a cancellation of `centre`'s contract. */
export const sendCancellation = (id: string, centre: number) =>
  sendThroughProxy('/payments/v1/partner/webhook', {
    id,
    type: 'customer.subscription.deleted',
    created: '2026-11-22T10:00:00Z',
    data: { providerId: centre },
  });

/** 4.2, D4: one doctor at `centre`; an `email` that is not one is refused (400, `doctors[0].email`). */
export const registerDoctor = (doctorId: string, centre: number, email = `${doctorId}@example.org`) =>
  sendThroughProxy('/iam/v1/register/healthProviderDoctor', {
    doctors: [
      {
        name: 'Ana',
        lastname: doctorId,
        email,
        doctorId,
        healthProviderId: centre,
        doctorSpeciality: 12,
        lang: 'ES',
      },
    ],
  });
