import { eventKindsOf, outcomeOf, type EventKind, type Outcome } from '@/console/domain/contract-events';
import type { ContractEvent, ContractEventItem } from '@/proxy-api/console';
import type { ActivityActor, ActivityEntry } from '@/proxy-api/activity';
import { contractEventItemSchema } from '@/proxy-api/console';

// The activity log's entries (docs/decisions/0018: one per change, one per attempt, one per doctor)
// as the lines a person reads (docs/decisions/0022): a contract event with its attempts, a run of
// doctor registrations, or one entry. Pure, over the entries loaded so far, newest first: a page
// loaded later joins the lines it continues.

/** A doctor registration the same actor sends for the same centre within this of the previous one. */
export const REGISTRATION_RUN_GAP_MS = 120_000;

/** Why a doctor was refused: D2's field (`email`), else the status and the proxy's code. */
export type Refusal = { field: string } | { status: number | null; code: string | null };

export interface Attempt {
  at: string;
  actor: ActivityActor;
  outcome: Outcome;
  requestId: string | null;
}

export interface DoctorResult {
  doctorId: string;
  name: string;
  registered: boolean;
  refusals: Refusal[];
}

interface LineBase {
  /** Stable across loads: the id of the line's first entry. */
  key: string;
  /** The newest entry's time. */
  at: string;
  actor: ActivityActor;
  centreId: number | null;
}

export type ActivityLine =
  | (LineBase & {
      kind: 'contract';
      eventId: string;
      event: EventKind;
      type: string;
      items: ContractEventItem[];
      /** Oldest first; the newest decides the line's outcome, as on the Contract tab. */
      attempts: Attempt[];
      outcome: Outcome;
    })
  | (LineBase & { kind: 'doctors'; doctors: DoctorResult[]; registered: number; refused: number })
  | (LineBase & { kind: 'entry'; action: string; entry: ActivityEntry });

const actorKey = (actor: ActivityActor) =>
  actor.person?.subject ?? `${actor.kind}:${actor.providerId ?? ''}:${actor.clientId ?? ''}`;

const status = (entry: ActivityEntry) => entry.outcome.status ?? undefined;

/** One attempt of a contract event, read like the Contract tab reads its answer (domain). */
function attemptOf(entry: ActivityEntry): Attempt {
  const applied = entry.detail['applied'];
  return {
    at: entry.at,
    actor: entry.actor,
    requestId: entry.requestId,
    outcome: outcomeOf({
      status: status(entry),
      code: entry.outcome.code ?? undefined,
      applied: typeof applied === 'boolean' ? applied : undefined,
    }),
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function itemsOf(detail: Record<string, unknown>): ContractEventItem[] {
  const items = detail['items'];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = contractEventItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What one doctor's entry says: registered, or refused and why. */
function doctorOf(entry: ActivityEntry): DoctorResult {
  const fields = entry.detail['refusedFields'];
  const refusals: Refusal[] = entry.outcome.accepted
    ? []
    : Array.isArray(fields) && fields.length > 0
      ? fields.map((field) => ({ field: text(field) }))
      : [{ status: entry.outcome.status, code: entry.outcome.code }];
  const name = [text(entry.detail['name']), text(entry.detail['lastname'])].filter(Boolean).join(' ');
  return { doctorId: entry.subject ?? entry.id, name, registered: entry.outcome.accepted, refusals };
}

const eventKey = (entry: ActivityEntry) => `${entry.subject ?? ''}\n${text(entry.detail['bodyDigest'])}`;

/** The contract events among `entries` (newest first), each with its attempts oldest first. */
function contractEvents(entries: readonly ActivityEntry[]) {
  const events = new Map<string, { event: ContractEvent; attempts: Attempt[] }>();
  for (const entry of entries.toReversed()) {
    if (entry.action !== 'contract.event') continue;
    const key = eventKey(entry);
    let found = events.get(key);
    if (!found) {
      const event: ContractEvent = {
        eventId: entry.subject ?? entry.id,
        type: text(entry.detail['type']),
        centreId: entry.centreId,
        items: itemsOf(entry.detail),
        attempts: [],
      };
      found = { event, attempts: [] };
      events.set(key, found);
    }
    const attempt = attemptOf(entry);
    found.attempts.push(attempt);
    // The domain's reading of the log (what each event did) takes its wire shape.
    found.event.attempts.push({
      at: entry.at,
      clientId: entry.actor.clientId ?? '',
      status: entry.outcome.status ?? 0,
      ...(entry.outcome.code === null ? {} : { code: entry.outcome.code }),
      ...(typeof entry.detail['applied'] === 'boolean' ? { applied: entry.detail['applied'] } : {}),
    });
  }
  // eventKindsOf reads a log newest first.
  const kinds = eventKindsOf([...events.values()].map((found) => found.event).toReversed());
  return { events, kinds };
}

/** Whether a doctor's entry continues the registration run begun by `first`, last at `last`. */
const continuesRun = (first: ActivityEntry, last: ActivityEntry, entry: ActivityEntry) =>
  entry.action === 'doctor.register' &&
  actorKey(first.actor) === actorKey(entry.actor) &&
  first.centreId === entry.centreId &&
  Date.parse(last.at) - Date.parse(entry.at) <= REGISTRATION_RUN_GAP_MS;

/** The lines of `entries` (newest first), in the same order. */
export function activityLines(entries: readonly ActivityEntry[]): ActivityLine[] {
  const { events, kinds } = contractEvents(entries);
  const lines: ActivityLine[] = [];
  const shown = new Set<string>();
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index];
    if (entry === undefined) continue;
    const base = { key: entry.id, at: entry.at, actor: entry.actor, centreId: entry.centreId };
    if (entry.action === 'contract.event') {
      const key = eventKey(entry);
      const found = events.get(key);
      if (shown.has(key) || !found) continue;
      shown.add(key);
      const last = found.attempts.at(-1) ?? attemptOf(entry);
      lines.push({
        ...base,
        kind: 'contract',
        eventId: found.event.eventId,
        event: kinds.get(found.event.eventId) ?? 'other',
        type: found.event.type,
        items: found.event.items ?? [],
        attempts: found.attempts,
        outcome: last.outcome,
      });
    } else if (entry.action === 'doctor.register') {
      const run = [entry];
      let next = entries[index + 1];
      while (next && continuesRun(entry, run.at(-1) ?? entry, next)) {
        run.push(next);
        index += 1;
        next = entries[index + 1];
      }
      lines.push({ ...base, ...doctorsOf(run) });
    } else lines.push({ ...base, kind: 'entry', action: entry.action, entry });
  }
  return lines;
}

/** A run's doctors, each counted once by its newest entry (a row retried after a refusal). */
function doctorsOf(run: readonly ActivityEntry[]) {
  const doctors = new Map<string, DoctorResult>();
  for (const entry of run) {
    const doctor = doctorOf(entry);
    if (!doctors.has(doctor.doctorId)) doctors.set(doctor.doctorId, doctor);
  }
  const list = [...doctors.values()];
  const registered = list.filter((doctor) => doctor.registered).length;
  return { kind: 'doctors' as const, doctors: list, registered, refused: list.length - registered };
}
