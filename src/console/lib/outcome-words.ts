import type { EventKind, Outcome, Unanswered } from '@/console/domain/contract-events';
import type { I18n, MessageKey } from '@/console/lib/i18n';
import type { ContractEventItem } from '@/proxy-api/console';

// A contract event's answer and what it asked for, in words, the same wherever they are shown: the
// Contract tab's panel when the answer arrives, its list of the centre's events, and the Activity
// screen's line for that attempt (docs/decisions/0022), with the same status (one status for one
// answer).

type T = I18n['t'];

const UNANSWERED: Record<Unanswered, MessageKey> = {
  timeout: 'contract.attempt.timeout',
  unreachable: 'contract.attempt.unreachable',
  lost: 'contract.attempt.lost',
  unreadable: 'contract.attempt.unreadable',
  busy: 'contract.attempt.busy',
  'signed-out': 'contract.attempt.signedOut',
};

export type Tone = 'ok' | 'bad' | 'unknown';

/** One answer: applied, already applied, refused, or why none came (with the status received). */
export function outcomeWords(t: T, outcome: Outcome): { words: string; tone: Tone } {
  switch (outcome.kind) {
    case 'applied':
      return { words: t('contract.attempt.applied'), tone: 'ok' };
    case 'already-applied':
      return { words: t('contract.attempt.alreadyApplied'), tone: 'ok' };
    case 'unanswered':
      return { words: withStatus(t, t(UNANSWERED[outcome.why]), outcome.status), tone: 'unknown' };
    case 'refused':
      return { words: withStatus(t, t('contract.attempt.refused'), outcome.status), tone: 'bad' };
  }
}

const withStatus = (t: T, words: string, status: number | undefined) =>
  status === undefined ? words : t('contract.attempt.withStatus', { words, status });

const KIND_NAME: Record<Exclude<EventKind, 'other'>, MessageKey> = {
  created: 'contract.event.created',
  updated: 'contract.event.updated',
  reactivated: 'contract.event.reactivated',
  cancelled: 'contract.event.deleted',
};

/** What an event did, by the domain's reading of the log (an update after a cancellation reactivates). */
export const eventKindWords = (t: T, kind: EventKind | undefined, type: string): string =>
  kind === undefined || kind === 'other' ? t('contract.event.other', { type }) : t(KIND_NAME[kind]);

/**
 * An event id as people read it: a long one (the console's own are `evt_` and 32 digits) by its
 * first twelve characters; the event list copies it whole.
 */
export const shortEventId = (id: string): string => (id.length > 16 ? `${id.slice(0, 12)}…` : id);

/** What an event asked for (D8 items), in words: "BASIC 12, ELITE 3"; '' for none. */
export function itemsWords(t: T, items: readonly ContractEventItem[] | undefined): string {
  return (items ?? [])
    .map((item) =>
      item.planType === 'USAGE'
        ? t('contract.event.item.usage', { count: item.includedConsultations ?? 0 })
        : t('contract.event.item.seats', { plan: item.planType, count: item.quantity ?? 0 }),
    )
    .join(', ');
}
