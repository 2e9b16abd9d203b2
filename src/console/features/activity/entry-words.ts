import type { EventKind } from '@/console/domain/contract-events';
import type { I18n, MessageKey } from '@/console/lib/i18n';
import { outcomeWords, type Tone } from '@/console/lib/outcome-words';
import { meaningOfStatus } from '@/contract/api-error-value';
import type { ActivityActor } from '@/proxy-api/activity';
import type { ActivityLine, DoctorResult, Refusal } from './entry-lines.ts';

// A line of the activity log in words (docs/decisions/0022): who did what to which centre, and how
// it ended: "demo-parent cancelled the contract of Clínica Diagonal", "applied". Pure: the
// messages come from `t`, the centres' names from `centreName`.

type T = I18n['t'];

export interface LineWords {
  sentence: string;
  result: { words: string; tone: Tone };
}

/** Who acted: a person's name when the entry carries one, else the client id that signed in. */
export function actorWords(t: T, actor: ActivityActor): string {
  const person = actor.person?.name ?? actor.person?.email;
  if (person) return person;
  if (actor.clientId) return actor.clientId;
  if (actor.providerId !== null) return t('activity.actor.provider', { id: actor.providerId });
  return t('activity.actor.unknown');
}

const CONTRACT: Record<EventKind, MessageKey> = {
  created: 'activity.contract.created',
  updated: 'activity.contract.updated',
  reactivated: 'activity.contract.reactivated',
  cancelled: 'activity.contract.cancelled',
  other: 'activity.contract.other',
};

/** D2's field names (spec 2.2) in words. */
const FIELD: Partial<Record<string, MessageKey>> = {
  email: 'activity.reason.email',
  name: 'activity.reason.name',
  lastname: 'activity.reason.lastname',
  doctorId: 'activity.reason.doctorId',
  doctorSpeciality: 'activity.reason.speciality',
  lang: 'activity.reason.lang',
  healthProviderId: 'activity.reason.centre',
  doctorDictionary: 'activity.reason.dictionary',
};

/** Why something was refused: a field, else what the status means (spec §7), with the status. */
export function refusalWords(t: T, refusal: Refusal): string {
  if ('field' in refusal) {
    const key = FIELD[refusal.field];
    return key ? t(key) : t('activity.reason.field', { field: refusal.field });
  }
  if (refusal.status === null) return t('activity.reason.noAnswer');
  const meaning = meaningOfStatus(refusal.status);
  const key: MessageKey =
    meaning === 'forbidden'
      ? 'activity.reason.forbidden'
      : meaning === 'not-found'
        ? 'activity.reason.notFound'
        : meaning === 'rate-limited'
          ? 'activity.reason.busy'
          : refusal.status >= 500
            ? 'activity.reason.noAnswer'
            : 'activity.reason.refused';
  return t('activity.reason.withStatus', { words: t(key), status: refusal.status });
}

/** The distinct reasons the refused doctors of a run give, in the order first met. */
export function refusalsOf(t: T, doctors: readonly DoctorResult[]): string {
  const reasons = new Set<string>();
  for (const doctor of doctors)
    if (!doctor.registered) for (const refusal of doctor.refusals) reasons.add(refusalWords(t, refusal));
  return [...reasons].join(', ');
}

const done = (accepted: boolean) => (accepted ? 'yes' : 'no');

function plainResult(t: T, accepted: boolean, status: number | null): LineWords['result'] {
  if (accepted) return { words: t('activity.result.done'), tone: 'ok' };
  return {
    words: status === null ? t('activity.reason.noAnswer') : t('activity.result.refused', { status }),
    tone: 'bad',
  };
}

/** A line in words; `centreName` names a centre by its id (the child list, or "centre 107"). */
export function lineWords(t: T, line: ActivityLine, centreName: (id: number) => string): LineWords {
  const actor = actorWords(t, line.actor);
  const centre = line.centreId === null ? t('activity.centre.unknown') : centreName(line.centreId);
  switch (line.kind) {
    case 'contract': {
      const result = outcomeWords(t, line.outcome);
      const applied = line.outcome.kind === 'applied' || line.outcome.kind === 'already-applied';
      return {
        sentence: t(CONTRACT[line.event], { actor, centre, type: line.type, done: done(applied) }),
        result,
      };
    }
    case 'doctors': {
      const values = { actor, centre, registered: line.registered, refused: line.refused };
      if (line.refused === 0)
        return { sentence: t('activity.doctors.registered', values), result: plainResult(t, true, null) };
      const reasons = refusalsOf(t, line.doctors);
      if (line.registered === 0)
        return {
          sentence: t('activity.doctors.allRefused', { ...values, reasons }),
          result: { words: t('activity.result.notDone'), tone: 'bad' },
        };
      return {
        sentence: t('activity.doctors.someRefused', { ...values, reasons }),
        result: { words: t('activity.result.partly'), tone: 'unknown' },
      };
    }
    case 'entry':
      return entryWords(t, line, actor, centre);
  }
}

function entryWords(
  t: T,
  line: Extract<ActivityLine, { kind: 'entry' }>,
  actor: string,
  centre: string,
): LineWords {
  const { accepted, status } = line.entry.outcome;
  const result = plainResult(t, accepted, status);
  const values = { actor, centre, done: done(accepted) };
  switch (line.action) {
    case 'auth.sign_in':
      return { sentence: t('activity.signIn', values), result };
    case 'auth.sign_out':
      return { sentence: t('activity.signOut', values), result };
    case 'centre.create': {
      const name = line.entry.detail['name'];
      const named = typeof name === 'string' && name !== '' ? name : centre;
      return { sentence: t('activity.centreCreated', { ...values, name: named }), result };
    }
    case 'centre.credentials_reveal':
      return { sentence: t('activity.credentialsRevealed', values), result };
    // People, roles and connections (docs/decisions/0023): what was done, in words; the person
    // or connection concerned is in the entry's detail, shown on its own screen.
    case 'access.denied':
    case 'auth.connection_switch':
    case 'person.invite':
    case 'person.role_change':
    case 'person.remove':
    case 'connection.add':
    case 'connection.secret_replace':
    case 'connection.remove':
    case 'connection.webhook_set':
    case 'connection.webhook_clear':
      // ICU's select keys have no dots.
      return {
        sentence: t('activity.peopleAndConnections', { actor, action: line.action.replace('.', '_') }),
        result,
      };
    case 'alert.raised':
      // The watcher's alert about the centre (docs/decisions/0026): the rule is the entry's subject.
      return {
        sentence: t('activity.alertRaised', { centre, rule: line.entry.subject ?? '' }),
        result,
      };
    case 'alert.delivery_retry':
      // An admin sent a message that did not go out again (docs/decisions/0027).
      return { sentence: t('activity.deliveryRetried', { actor, centre }), result };
    default:
      // An action of later work: said by its name rather than not at all (decision 0018).
      return { sentence: t('activity.other', { ...values, action: line.action }), result };
  }
}
