// The e-mail's and the webhook's words, in the person's language, through Lingui (ICU messages:
// plurals, values; docs/decisions/0010-i18n.md, 0027). The catalogues are plain JSON beside this
// module, one per language, in the console's minimal format, compiled once when first used: the
// proxy has no bundler to precompile them as the console's Vite plugin does.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ca from './locales/ca.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import { ALERT_CONNECTION_PARAM } from '../../../proxy-api/alert-links.ts';
import type { AlertLanguage, AlertRule, AlertView } from './alert-types.ts';

export type MailMessageId = keyof typeof en;

const catalogues: Record<AlertLanguage, Record<MailMessageId, string>> = { en, es, ca };

const instances = new Map<AlertLanguage, I18n>();

function i18nFor(language: AlertLanguage): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(language, catalogues[language]);
    i18n.activate(language);
    instances.set(language, i18n);
  }
  return i18n;
}

export type Translate = (id: MailMessageId, values?: Record<string, string | number>) => string;

export const translator =
  (language: AlertLanguage): Translate =>
  (id, values) =>
    i18nFor(language)._(id, values);

/** What happened, one sentence per rule (a rule added to the alerts needs its line here). */
const ruleMessage: Record<AlertRule, MailMessageId> = {
  suspended: 'rule.suspended',
  reinstated: 'rule.reinstated',
  cancelled: 'rule.cancelled',
  reactivated: 'rule.reactivated',
  basic_limit: 'rule.basic_limit',
  trial_ending: 'rule.trial_ending',
  pending_change: 'rule.pending_change',
};

export const whatHappened = (t: Translate, alert: AlertView): string =>
  t(ruleMessage[alert.rule], { centre: alert.centreName });

/**
 * A moment in the person's language and time zone (issue 47 item 14), naming the zone's offset
 * ("GMT+1"); in UTC where the zone is unknown (a chat's team, a person the console never told),
 * whose words say "(UTC)" instead.
 */
export const momentOf = (language: AlertLanguage, iso: string, timeZone?: string): string =>
  new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timeZone ?? 'UTC',
  }).format(new Date(iso)) + (timeZone ? ` ${zoneName(language, iso, timeZone)}` : '');

/** The zone as its offset at that moment ("GMT+1"): dateStyle cannot be combined with timeZoneName. */
const zoneName = (language: AlertLanguage, iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;

/** The day a moment falls on where the person is (UTC where unknown). */
export const dayOf = (language: AlertLanguage, iso: string, timeZone?: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(new Date(iso));

/** `?via=<connection id>` (or `&…` after `others`): the connection an alert's link came from. */
const fromConnection = (connectionId: string | undefined, others = ''): string => {
  const search = new URLSearchParams(others);
  if (connectionId !== undefined) search.set(ALERT_CONNECTION_PARAM, connectionId);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * The console's page of a centre (the alerts' links; `consoleOrigin`: docs/decisions/0027), naming
 * the connection the alert came from, so that a person working through another of theirs is
 * switched to it (issue 47 item 4).
 */
export const centreLink = (consoleOrigin: string, centreId: number, connectionId?: string): string =>
  `${consoleOrigin.replace(/\/+$/, '')}/centres/${encodeURIComponent(centreId)}${fromConnection(connectionId)}`;

/** Where the overview shows the centres a rule speaks of (the console's `show` filter). */
const overviewFilter: Record<AlertRule, string> = {
  suspended: 'suspended',
  cancelled: 'cancelled',
  basic_limit: 'basic-limit',
  pending_change: 'pending-change',
  trial_ending: 'trial',
  reinstated: 'all',
  reactivated: 'all',
};

/** The console's overview filtered to a storm's worst rule (issue 46 item 1), of the alert's connection. */
export const overviewLink = (consoleOrigin: string, rule: AlertRule, connectionId?: string): string =>
  `${consoleOrigin.replace(/\/+$/, '')}/overview${fromConnection(connectionId, `show=${overviewFilter[rule]}`)}`;
