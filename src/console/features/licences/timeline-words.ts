import type { I18n, MessageKey } from '@/console/lib/i18n';
import type { CentreChange } from '@/proxy-api/watch';

// A centre's history in words (docs/decisions/0025): the watcher records one change per aspect
// (src/proxy/watch/changes.ts), so a cancellation arrives as a `contract` change to 3.1's INACTIVE
// and, in the same refresh, the `seats` it released. The inbox calls it "contract was cancelled";
// the history names it the same way, in one line.

const KINDS: Record<string, MessageKey> = {
  appeared: 'centre.timeline.kind.appeared',
  billing: 'centre.timeline.kind.billing',
  contract: 'centre.timeline.kind.contract',
  seats: 'centre.timeline.kind.seats',
  pending: 'centre.timeline.kind.pending',
  basic_limit: 'centre.timeline.kind.basic_limit',
  trials: 'centre.timeline.kind.trials',
};

/** 3.1's status of a cancelled contract (the alert rules read it the same way). */
const CANCELLED = 'INACTIVE';

const statusOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'string'
    ? value.status
    : null;

/** A contract change that cancelled (or reactivated) the contract; undefined for any other. */
function contractTurn(change: CentreChange): 'cancelled' | 'reactivated' | undefined {
  if (change.kind !== 'contract') return undefined;
  const was = statusOf(change.before);
  const is = statusOf(change.after);
  if (is === CANCELLED && was !== CANCELLED) return 'cancelled';
  if (was === CANCELLED && is !== null && is !== CANCELLED) return 'reactivated';
  return undefined;
}

/**
 * The lines to show: a `seats` change written in the same refresh (the same `at`) as a
 * cancellation or a reactivation is part of it, not a line of its own.
 */
export function timelineLines(changes: readonly CentreChange[]): CentreChange[] {
  const turns = new Set(changes.filter((change) => contractTurn(change)).map((change) => change.at));
  return changes.filter((change) => !(change.kind === 'seats' && turns.has(change.at)));
}

/** A change in words: a suspension, a listing or a contract's status says which way it went. */
export function changeWords(t: I18n['t'], change: CentreChange): string {
  if (change.kind === 'suspension')
    return t(
      change.after === true ? 'centre.timeline.kind.suspension.on' : 'centre.timeline.kind.suspension.off',
    );
  if (change.kind === 'listed')
    return t(change.after === true ? 'centre.timeline.kind.listed.on' : 'centre.timeline.kind.listed.off');
  const turn = contractTurn(change);
  if (turn) return t(`centre.timeline.kind.contract.${turn}`);
  const key = KINDS[change.kind];
  return key ? t(key) : t('centre.timeline.kind.other', { kind: change.kind });
}
