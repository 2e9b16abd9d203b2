// What changed between two states of a centre (issue 26, docs/decisions/0025): one change per
// aspect that differs, so that a suspension is one row of the timeline ("suspended since …") and
// one alert later, whatever else the same refresh saw. Pure: the refresh writes what this answers.
import { isDeepStrictEqual } from 'node:util';
import type { CentreState } from '../../../proxy-api/centre-state.ts';

export const CHANGE_KINDS = [
  'appeared',
  'billing',
  'contract',
  'suspension',
  'seats',
  'pending',
  'basic_limit',
  'trials',
  'listed',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One row of a centre's history: the aspect, its value before (null when new) and after. */
export interface Change {
  kind: ChangeKind;
  before: unknown;
  after: unknown;
}

/** Each aspect of the state, and the part of it a change of that kind records. */
const aspects: { kind: ChangeKind; of: (state: CentreState) => unknown }[] = [
  { kind: 'billing', of: (s) => s.billing },
  { kind: 'contract', of: (s) => ({ contract: s.contract, status: s.status }) },
  { kind: 'suspension', of: (s) => s.suspended },
  { kind: 'seats', of: (s) => s.seats },
  { kind: 'pending', of: (s) => s.pending },
  { kind: 'basic_limit', of: (s) => s.basicAtLimit },
  { kind: 'trials', of: (s) => s.trials },
];

/**
 * The changes from `before` (undefined: never seen) to `after`. A centre seen for the first time is
 * one `appeared` change carrying its whole state, so its timeline starts somewhere.
 */
export function changesBetween(before: CentreState | undefined, after: CentreState): Change[] {
  if (!before) return [{ kind: 'appeared', before: null, after }];
  return aspects.flatMap(({ kind, of }) => {
    const was = of(before);
    const is = of(after);
    return isDeepStrictEqual(was, is) ? [] : [{ kind, before: was, after: is }];
  });
}

/** 4.5 stopped listing a centre (kept, marked), or lists it again. */
export const listedChange = (listed: boolean): Change => ({ kind: 'listed', before: !listed, after: listed });
