// The contract-event log (docs/decisions/0016): every partner-webhook event (spec 4.8, D8) the
// proxy forwards, with the answer to each attempt, kept in the session store so that everyone
// signed in as the same provider sees the same log, on any instance. Keyed by the environment and
// the provider that sent the events: a session reads only its own provider's log. Bounded per
// provider (CONTRACT_EVENT_LOG_LIMITS). Web-standard: the in-browser host keeps it in memory.
import { z } from 'zod';
import {
  CONTRACT_EVENT_LOG_LIMITS,
  contractEventAttemptSchema,
  contractEventSchema,
  type ContractEvent,
  type ContractEventAttempt,
} from '../contract/console-wire.ts';

/** How much one log keeps. */
export interface LogBounds {
  maxEvents: number;
  maxAgeMs: number;
  maxAttempts: number;
}

export const DEFAULT_LOG_BOUNDS: LogBounds = {
  maxEvents: CONTRACT_EVENT_LOG_LIMITS.events,
  maxAgeMs: CONTRACT_EVENT_LOG_LIMITS.days * 86_400_000,
  maxAttempts: CONTRACT_EVENT_LOG_LIMITS.attemptsPerEvent,
};

/** The store's side of the log: opaque strings, so that memory and Redis keep the same bytes. */
export interface ContractEventLog {
  /**
   * Adds one attempt to event `eventId` of `log`, creating the event (as `event`) on its first
   * attempt; then, atomically, forgets events first seen before `at - maxAgeMs`, the oldest beyond
   * `maxEvents`, and an event's attempts beyond its latest `maxAttempts`.
   */
  record(
    log: string,
    eventId: string,
    event: string,
    attempt: string,
    at: number,
    bounds: LogBounds,
  ): Promise<void>;
  /** The events first seen since `since`, newest first, each with its attempts oldest first. */
  read(log: string, since: number): Promise<{ event: string; attempts: string[] }[]>;
}

type Entry = { firstSeen: number; event: string; attempts: string[] };

/** In memory (one process, the demo, the page): a map per log in first-seen order. */
export function memoryContractEventLog(): ContractEventLog {
  const logs = new Map<string, Map<string, Entry>>();
  return {
    async record(log, eventId, event, attempt, at, bounds) {
      const events = logs.get(log) ?? new Map<string, Entry>();
      logs.set(log, events);
      const entry = events.get(eventId) ?? { firstSeen: at, event, attempts: [] };
      events.set(eventId, entry);
      entry.attempts.push(attempt);
      entry.attempts.splice(0, Math.max(0, entry.attempts.length - bounds.maxAttempts));
      // A Map iterates in insertion order: the first entries are the oldest.
      for (const [id, { firstSeen }] of events) {
        if (firstSeen >= at - bounds.maxAgeMs && events.size <= bounds.maxEvents) break;
        events.delete(id);
      }
      if (events.size === 0) logs.delete(log);
    },
    async read(log, since) {
      const events = [...(logs.get(log)?.values() ?? [])].filter((entry) => entry.firstSeen >= since);
      return events.reverse().map(({ event, attempts }) => ({ event, attempts: [...attempts] }));
    },
  };
}

/** The log of one provider in one environment. */
export const contractEventLogKey = (environment: string, providerId: number) =>
  `contract-events:${environment}:${providerId}`;

// What the log keeps of a forwarded body, read leniently: the service judges the event (it may
// answer 400); the log shows what was sent, as far as it can be shown.
const sentItem = z.object({
  planType: z.string().max(40),
  quantity: z.number().int().optional(),
  includedConsultations: z.number().int().optional(),
});
const sentEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100).catch('unknown'),
  created: z.string().max(40).optional().catch(undefined),
  data: z
    .object({
      providerId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().catch(null),
      items: z.array(sentItem).max(10).optional().catch(undefined),
    })
    .catch({ providerId: null }),
});

// The service's answers, as far as the log needs them: D8's result on a 200, the proxy's problem
// code, D2's message.
const answerBody = z.object({
  response: z.object({ applied: z.boolean().optional(), status: z.string().max(40).optional() }).optional(),
  code: z.union([z.string().max(60), z.number()]).optional(),
  message: z.string().optional(),
});

/** The sender of a forwarded event: the session that sent it. */
export interface Sender {
  environment: string;
  providerId: number;
  clientId: string;
}

/**
 * Records one attempt of a forwarded webhook call: the event as sent (`body`) and what the console
 * received (`response`). A body without an event id is not an event the log can name: skipped.
 */
export async function recordAttempt(
  log: ContractEventLog,
  sender: Sender,
  body: Uint8Array,
  response: Response,
  at: number,
  bounds: LogBounds = DEFAULT_LOG_BOUNDS,
): Promise<boolean> {
  const sent = sentEvent.safeParse(parseJson(new TextDecoder().decode(body)));
  if (!sent.success) return false;
  const event: Omit<ContractEvent, 'attempts'> = {
    eventId: sent.data.id,
    type: sent.data.type,
    centreId: sent.data.data.providerId,
    ...(sent.data.data.items ? { items: sent.data.data.items } : {}),
    ...(sent.data.created ? { created: sent.data.created } : {}),
  };
  const attempt = await attemptOf(response, sender.clientId, at);
  await log.record(
    contractEventLogKey(sender.environment, sender.providerId),
    event.eventId,
    JSON.stringify(event),
    JSON.stringify(attempt),
    at,
    bounds,
  );
  return true;
}

async function attemptOf(response: Response, clientId: string, at: number): Promise<ContractEventAttempt> {
  const attempt: ContractEventAttempt = { at: new Date(at).toISOString(), clientId, status: response.status };
  const answer = answerBody.safeParse(parseJson(await response.clone().text()));
  if (!answer.success) return attempt;
  const { response: result, code, message } = answer.data;
  if (response.status >= 200 && response.status < 300) {
    if (result?.applied !== undefined) attempt.applied = result.applied;
    if (result?.status !== undefined) attempt.contractStatus = result.status;
    return attempt;
  }
  // The proxy's own problems carry a string code (upstream_timeout, …); D2 bodies a numeric one.
  if (typeof code === 'string') attempt.code = code;
  else if (message) attempt.message = message.slice(0, 300);
  return attempt;
}

/** A provider's log, newest first, as the console wire describes it; unreadable entries are left out. */
export async function readContractEvents(
  log: ContractEventLog,
  reader: Omit<Sender, 'clientId'>,
  now: number,
  bounds: LogBounds = DEFAULT_LOG_BOUNDS,
): Promise<ContractEvent[]> {
  const entries = await log.read(
    contractEventLogKey(reader.environment, reader.providerId),
    now - bounds.maxAgeMs,
  );
  return entries.flatMap(({ event, attempts }) => {
    const attemptList = attempts.flatMap((text) => {
      const parsed = contractEventAttemptSchema.safeParse(parseJson(text));
      return parsed.success ? [parsed.data] : [];
    });
    const parsed = contractEventSchema.safeParse({ ...asObject(parseJson(event)), attempts: attemptList });
    return parsed.success ? [parsed.data] : [];
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const asObject = (value: unknown): object => (typeof value === 'object' && value !== null ? value : {});
