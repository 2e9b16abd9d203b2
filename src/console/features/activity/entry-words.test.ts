import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, createI18n, loadArea, type I18n, type Language } from '@/console/lib/i18n';
import { at, contractAttempt, doctorEntry, entry } from './activity-testing.ts';
import { activityLines, REGISTRATION_RUN_GAP_MS } from './entry-lines.ts';
import { lineWords } from './entry-words.ts';

// Each line of the activity log in words (docs/decisions/0022): who did what to which centre, and
// how it ended, over entries as the proxy records them (decision 0018).

const NAMES = new Map([
  [101, 'Clínica Diagonal'],
  [107, 'Centro Demo 7'],
]);
const centreName = (id: number) => NAMES.get(id) ?? `Centre ${id}`;

async function tIn(language: Language): Promise<I18n['t']> {
  await Promise.all([loadArea('activity'), loadArea('contract')]);
  await activateLanguage(language);
  return createI18n(language).t;
}

/** Every line of `entries` (newest first), as sentence and result. */
const say = (t: I18n['t'], entries: Parameters<typeof activityLines>[0]) =>
  activityLines(entries).map((line) => {
    const words = lineWords(t, line, centreName);
    return `${words.sentence} — ${words.result.words}`;
  });

const DELETED = 'customer.subscription.deleted';
const UPDATED = 'customer.subscription.updated';
const ANA = { subject: 'sub-ana', name: 'Ana García' };

describe('an activity line in words', () => {
  let t: I18n['t'];
  beforeAll(async () => {
    t = await tIn('en');
  });

  it('names the person who acted when the entry carries one, else the client id', () => {
    const cancelled = contractAttempt(
      'evt_1',
      DELETED,
      10,
      { status: 200, applied: true },
      {
        centreId: 101,
        person: ANA,
      },
    );
    const byClient = contractAttempt('evt_2', UPDATED, 20, { status: 200, applied: true }, { centreId: 101 });
    expect(say(t, [byClient, cancelled])).toEqual([
      'demo-parent reactivated the contract of Clínica Diagonal — applied',
      'Ana García cancelled the contract of Clínica Diagonal — applied',
    ]);
  });

  it('gathers a contract event’s attempts on one line, and the newest answer decides it', () => {
    const first = contractAttempt('evt_retry', DELETED, 10, { status: 504 }, { centreId: 101 });
    const second = contractAttempt(
      'evt_retry',
      DELETED,
      30,
      { status: 200, applied: true },
      { centreId: 101 },
    );
    const lines = activityLines([second, first]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'contract', eventId: 'evt_retry' });
    if (lines[0]?.kind !== 'contract') throw new Error('a contract line');
    expect(lines[0].attempts.map((attempt) => attempt.outcome.kind)).toEqual(['unanswered', 'applied']);
    expect(say(t, [second, first])).toEqual([
      'demo-parent cancelled the contract of Clínica Diagonal — applied',
    ]);
  });

  it('says what was tried when the service refused it, with the status', () => {
    const refused = contractAttempt('evt_no', DELETED, 10, { status: 422 }, { centreId: 107 });
    expect(say(t, [refused])).toEqual([
      'demo-parent tried to cancel the contract of Centro Demo 7 — refused (422)',
    ]);
  });

  it('counts a run of registrations at one centre, and says why the refused ones were refused', () => {
    const run = [
      doctorEntry('D-4', 40, ['email']),
      doctorEntry('D-3', 30),
      doctorEntry('D-2', 20),
      doctorEntry('D-1', 10),
    ];
    expect(say(t, run)).toEqual([
      'demo-parent registered 3 doctors at Centro Demo 7, 1 refused: e-mail not valid — partly done',
    ]);
    expect(say(t, [doctorEntry('D-5', 10)])).toEqual([
      'demo-parent registered 1 doctor at Centro Demo 7 — done',
    ]);
    expect(say(t, [doctorEntry('D-6', 20, ['email', 'lang']), doctorEntry('D-7', 10, ['email'])])).toEqual([
      'demo-parent could not register 2 doctors at Centro Demo 7: e-mail not valid, language not valid — not done',
    ]);
  });

  it('counts a doctor retried after a refusal once, by its newest answer', () => {
    const run = [doctorEntry('D-1', 30), doctorEntry('D-1', 20, ['email']), doctorEntry('D-2', 10)];
    expect(say(t, run)).toEqual(['demo-parent registered 2 doctors at Centro Demo 7 — done']);
  });

  it('starts a new run for another centre, another actor or after a pause', () => {
    const gap = REGISTRATION_RUN_GAP_MS / 1000 + 1;
    const lines = activityLines([
      doctorEntry('D-4', 2 * gap),
      doctorEntry('D-3', gap),
      doctorEntry('D-2', 5, undefined, { clientId: 'colleague' }),
      doctorEntry('D-1', 0, undefined, { centreId: 101 }),
    ]);
    expect(lines.map((line) => (line.kind === 'doctors' ? line.doctors.length : 0))).toEqual([1, 1, 1, 1]);
  });

  it('says a refusal without a field by what its status means', () => {
    expect(say(t, [doctorEntry('D-1', 10, undefined, { accepted: false, status: 403 })])).toEqual([
      'demo-parent could not register 1 doctor at Centro Demo 7: not allowed (403) — not done',
    ]);
  });

  it('says a centre created, credentials revealed, a sign-in and an action it does not know', () => {
    const lines = [
      entry({ action: 'centre.create', at: at(40), centreId: 130, detail: { name: 'Clínica Nova' } }),
      entry({ action: 'centre.create', at: at(35), centreId: null, accepted: false, detail: { name: 'X' } }),
      entry({ action: 'centre.credentials_reveal', at: at(30), centreId: 101 }),
      entry({ action: 'auth.sign_in', at: at(20), centreId: null }),
      entry({ action: 'alert.sent', at: at(10), centreId: 107 }),
    ];
    expect(say(t, lines)).toEqual([
      'demo-parent created the centre Clínica Nova — done',
      'demo-parent tried to create the centre X — refused (400)',
      'demo-parent revealed the credentials of Clínica Diagonal — done',
      'demo-parent signed in — done',
      'demo-parent: alert.sent, Centro Demo 7 — done',
    ]);
  });

  it('says the watcher’s alert about a centre by its rule, in English and Spanish', async () => {
    const lines = [
      entry({ action: 'alert.raised', at: at(20), centreId: 101, subject: 'suspended' }),
      entry({ action: 'alert.raised', at: at(10), centreId: 107, subject: 'basic_limit' }),
    ];
    expect(say(t, lines)).toEqual([
      'Alert about Clínica Diagonal: suspended — done',
      'Alert about Centro Demo 7: a BASIC doctor reached the monthly limit — done',
    ]);
    expect(
      say(t, [entry({ action: 'auth.connection_switch', at: at(5), centreId: 200, person: ANA })]),
    ).toEqual(['Ana García switched to this provider’s connection — done']);
    const es = await tIn('es');
    expect(say(es, lines.slice(0, 1))[0]).toMatch(/^Alerta sobre Clínica Diagonal: suspendido — /);
    await tIn('en');
  });

  it('says a chat webhook set and removed, and an alert message sent again, by who did it', async () => {
    const lines = [
      entry({ action: 'alert.delivery_retry', at: at(30), centreId: 101, subject: 'suspended', person: ANA }),
      entry({ action: 'connection.webhook_clear', at: at(20), centreId: 100, person: ANA }),
      entry({ action: 'connection.webhook_set', at: at(10), centreId: 100, person: ANA }),
    ];
    expect(say(t, lines)).toEqual([
      'Ana García sent an alert message about Clínica Diagonal again — done',
      'Ana García removed a connection’s chat webhook — done',
      'Ana García set a connection’s chat webhook — done',
    ]);
    expect(say(await tIn('es'), lines.slice(0, 1))).toEqual([
      'Ana García volvió a enviar un mensaje de alerta sobre Clínica Diagonal — hecho',
    ]);
    await tIn('en');
  });

  it('speaks Spanish and Catalan with the same facts', async () => {
    const cancelled = contractAttempt(
      'evt_es',
      DELETED,
      10,
      { status: 200, applied: true },
      {
        centreId: 101,
        person: ANA,
      },
    );
    const run = [doctorEntry('D-2', 20, ['email']), doctorEntry('D-1', 10)];
    expect(say(await tIn('es'), [cancelled, ...run])).toEqual([
      'Ana García canceló el contrato de Clínica Diagonal — aplicado',
      'demo-parent registró 1 médico en Centro Demo 7, 1 rechazado: correo electrónico no válido — hecho en parte',
    ]);
    expect(say(await tIn('ca'), [cancelled])).toEqual([
      'Ana García ha cancel·lat el contracte de Clínica Diagonal — aplicat',
    ]);
    t = await tIn('en');
  });
});
