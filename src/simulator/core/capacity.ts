// How much the world may grow between resets (simulator only; spec §8 shows no limits). A demo open
// to the public must stay bounded whatever one visitor sends: past its room, an operation that would
// add centres, doctors or applied webhook events is refused with 429 and a D2 message saying why
// and when the room comes back (the world's reset). Without a capacity nothing is refused.
import { fail, type Outcome, type SimState } from './types.ts';

export type Capacity = {
  /** New providers (children and control-API providers). */
  centres: number;
  /** New doctors (a re-registration of the same doctor adds none, D4). */
  doctors: number;
  /** Newly applied partner-webhook events (D8; a repeated event id adds none). */
  events: number;
};

type Kind = keyof Capacity;

const nouns: Record<Kind, string> = { centres: 'centres', doctors: 'doctors', events: 'contract events' };

/**
 * `since`: the state growth counts from when it is not the current one (a world kept across a
 * restart of its host still counts what was added since its seed, not since the restart).
 */
export function createGrowth(capacity: Capacity | undefined, state: () => SimState, since?: SimState) {
  // Ids only grow, so new centres and doctors are the ids handed out since the last reset.
  let baseline = { ...(since ?? state()).nextIds };
  // Each applied event id is kept (D8), so a kept world's applied events are those not in its seed.
  let events = since
    ? Math.max(0, Object.keys(state().appliedEvents).length - Object.keys(since.appliedEvents).length)
    : 0;
  const grown = (kind: Kind): number =>
    kind === 'centres'
      ? state().nextIds.provider - baseline.provider
      : kind === 'doctors'
        ? state().nextIds.doctor - baseline.doctor
        : events;
  return {
    /** Back to no growth: the world was reset or replaced. */
    restart(): void {
      baseline = { ...state().nextIds };
      events = 0;
    },
    /** A refusal when `adding` more would pass the room, else undefined (counted only when bounded). */
    refusal(kind: Kind, adding: () => number): Outcome<never> | undefined {
      if (!capacity || grown(kind) + adding() <= capacity[kind]) return undefined;
      return fail(
        429,
        `This demo world holds at most ${capacity[kind]} new ${nouns[kind]} until it is reset to its seed; it is full.`,
      );
    },
    eventApplied(): void {
      events += 1;
    },
  };
}

/**
 * How many doctors a registration body would add: those not registered yet under their provider
 * (D4: a re-registration adds none). A body its validation refuses counts what it lists.
 */
export function newDoctorsIn(state: SimState, body: unknown): number {
  const doctors = (body as { doctors?: unknown } | null)?.doctors;
  if (!Array.isArray(doctors)) return 0;
  return doctors.filter((doctor: unknown) => {
    const { healthProviderId, doctorId } = (doctor ?? {}) as Record<string, unknown>;
    const provider = state.providers[String(healthProviderId)];
    return !provider?.doctors.some((existing) => existing.doctorId === doctorId);
  }).length;
}

/** How many applied events a webhook body would add: none for an event id already applied (D8). */
export function newEventsIn(state: SimState, body: unknown): number {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && Object.hasOwn(state.appliedEvents, `e:${id}`) ? 0 : 1;
}
