// An alert e-mail's subject, plain text and HTML (docs/decisions/0027). Immediate: one alert, the
// subject naming the centre and what happened. Digest: a day's alerts grouped by centre. A storm
// (a raise's many immediate alerts, issue 46 item 1) is one message: how many alerts and centres,
// the worst first, at most `maxListed` by name and a link to the overview filtered to the worst
// rule for the rest, so its size never depends on the storm's. Every value that came from the
// service or a person (a centre's name) is escaped in the HTML.
import type { EmailMessage } from './alert-types.ts';
import {
  centreLink,
  dayOf,
  momentOf,
  overviewLink,
  translator,
  whatHappened,
  type Translate,
} from './messages.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

interface Group {
  centreId: number;
  centreName: string;
  lines: { what: string; seen: string }[];
}

/** By centre: worst first when some are not listed (a storm), else alphabetical; as they happened within. */
function groupsOf(message: EmailMessage, t: Translate, worstFirst: boolean): Group[] {
  const groups = new Map<number, Group>();
  const ordered = worstFirst ? message.alerts : [...message.alerts].sort((a, b) => a.at.localeCompare(b.at));
  for (const alert of ordered) {
    const group = groups.get(alert.centreId) ?? {
      centreId: alert.centreId,
      centreName: alert.centreName,
      lines: [],
    };
    group.lines.push({
      what: whatHappened(t, alert),
      seen: message.timeZone
        ? t('seenAt', { at: momentOf(message.language, alert.at, message.timeZone) })
        : t('seen', { at: momentOf(message.language, alert.at) }),
    });
    groups.set(alert.centreId, group);
  }
  const list = [...groups.values()];
  return worstFirst ? list : list.sort((a, b) => a.centreName.localeCompare(b.centreName, message.language));
}

export function renderEmail(message: EmailMessage, consoleOrigin: string): RenderedMail {
  const first = message.alerts[0];
  if (!first) throw new RangeError('an alert e-mail needs at least one alert');
  const t = translator(message.language);
  const count = Math.max(message.total ?? 0, message.alerts.length);
  const centres = message.centres ?? new Set(message.alerts.map((a) => a.centreId)).size;
  const more = count - message.alerts.length;
  const storm = message.kind === 'immediate' && count > 1;
  const groups = groupsOf(message, t, storm || more > 0);
  const day = dayOf(message.language, first.at, message.timeZone);
  const subject = storm
    ? t('storm.subject', { count, centres, worst: whatHappened(t, first) })
    : message.kind === 'immediate'
      ? whatHappened(t, first)
      : t('digest.subject', { count, day });
  const intro = storm
    ? t('storm.intro', { centres })
    : message.kind === 'immediate'
      ? t('immediate.intro')
      : t('digest.intro', { day });
  const footer = t('footer');
  const rest =
    more > 0
      ? {
          line: t('more', { count: more }),
          link: overviewLink(consoleOrigin, first.rule, message.connectionId),
        }
      : undefined;
  const grouped = message.kind === 'digest' || storm;

  const text = [
    intro,
    '',
    ...groups.flatMap((group) => [
      ...(grouped ? [group.centreName] : []),
      ...group.lines.map((line) => `- ${line.what}. ${line.seen}.`),
      `${t('open', { centre: group.centreName })}: ${centreLink(consoleOrigin, group.centreId, message.connectionId)}`,
      '',
    ]),
    ...(rest ? [rest.line, `${t('overview')}: ${rest.link}`, ''] : []),
    '--',
    footer,
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">',
    `<p style="color:#52606d">${escapeHtml(intro)}</p>`,
    ...groups.map((group) =>
      [
        grouped ? `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(group.centreName)}</h2>` : '',
        '<ul style="padding-left:20px;margin:4px 0">',
        ...group.lines.map(
          (line) =>
            `<li><strong>${escapeHtml(line.what)}</strong><br><span style="color:#52606d">${escapeHtml(line.seen)}</span></li>`,
        ),
        '</ul>',
        `<p><a href="${escapeHtml(centreLink(consoleOrigin, group.centreId, message.connectionId))}">${escapeHtml(t('open', { centre: group.centreName }))}</a></p>`,
      ].join(''),
    ),
    rest
      ? `<p>${escapeHtml(rest.line)} <a href="${escapeHtml(rest.link)}">${escapeHtml(t('overview'))}</a></p>`
      : '',
    `<hr><p style="color:#7b8794;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
