// An alert e-mail's subject, plain text and HTML (docs/decisions/0027). Immediate: one alert, the
// subject naming the centre and what happened. Digest: a day's alerts grouped by centre. Every value
// that came from the service or a person (a centre's name) is escaped in the HTML.
import type { EmailMessage } from './alert-types.ts';
import { centreLink, dayOf, momentOf, translator, whatHappened, type Translate } from './messages.ts';

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

function groupsOf(message: EmailMessage, t: Translate): Group[] {
  const groups = new Map<number, Group>();
  const ordered = [...message.alerts].sort((a, b) => a.at.localeCompare(b.at));
  for (const alert of ordered) {
    const group = groups.get(alert.centreId) ?? {
      centreId: alert.centreId,
      centreName: alert.centreName,
      lines: [],
    };
    group.lines.push({
      what: whatHappened(t, alert),
      seen: t('seen', { at: momentOf(message.language, alert.at) }),
    });
    groups.set(alert.centreId, group);
  }
  return [...groups.values()].sort((a, b) => a.centreName.localeCompare(b.centreName, message.language));
}

export function renderEmail(message: EmailMessage, consoleOrigin: string): RenderedMail {
  const first = message.alerts[0];
  if (!first) throw new RangeError('an alert e-mail needs at least one alert');
  const t = translator(message.language);
  const groups = groupsOf(message, t);
  const day = dayOf(message.language, first.at);
  const subject =
    message.kind === 'immediate'
      ? whatHappened(t, first)
      : t('digest.subject', { count: message.alerts.length, day });
  const intro = message.kind === 'immediate' ? t('immediate.intro') : t('digest.intro', { day });
  const footer = t('footer');

  const text = [
    intro,
    '',
    ...groups.flatMap((group) => [
      ...(message.kind === 'digest' ? [group.centreName] : []),
      ...group.lines.map((line) => `- ${line.what}. ${line.seen}.`),
      `${t('open', { centre: group.centreName })}: ${centreLink(consoleOrigin, group.centreId)}`,
      '',
    ]),
    '--',
    footer,
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">',
    `<p style="color:#52606d">${escapeHtml(intro)}</p>`,
    ...groups.map((group) =>
      [
        message.kind === 'digest'
          ? `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(group.centreName)}</h2>`
          : '',
        '<ul style="padding-left:20px;margin:4px 0">',
        ...group.lines.map(
          (line) =>
            `<li><strong>${escapeHtml(line.what)}</strong><br><span style="color:#52606d">${escapeHtml(line.seen)}</span></li>`,
        ),
        '</ul>',
        `<p><a href="${escapeHtml(centreLink(consoleOrigin, group.centreId))}">${escapeHtml(t('open', { centre: group.centreName }))}</a></p>`,
      ].join(''),
    ),
    `<hr><p style="color:#7b8794;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
