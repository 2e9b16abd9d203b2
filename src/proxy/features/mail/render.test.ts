// Alert e-mails give times where the person is (issue 47 item 14): in their time zone, naming its
// offset, and the digest's day is theirs; in UTC, said so, when the console never told the zone.
import { describe, expect, test } from 'vitest';
import type { AlertView, EmailMessage } from './alert-types.ts';
import { renderEmail } from './render.ts';

const alert: AlertView = {
  id: 1,
  rule: 'suspended',
  centreId: 101,
  centreName: 'Clínica Norte',
  // 23:30 UTC on 12 November: already the 13th in Madrid (UTC+1 in November).
  at: '2026-11-12T23:30:00.000Z',
  details: {},
};
const message = (over: Partial<EmailMessage>): EmailMessage => ({
  to: 'ana@example.org',
  language: 'en',
  kind: 'immediate',
  alerts: [alert],
  ...over,
});

describe('times in an alert e-mail', () => {
  test("in the person's time zone, with its offset, and no word of UTC", () => {
    const mail = renderEmail(message({ timeZone: 'Europe/Madrid' }), 'https://console.example');
    expect(mail.text).toContain('Seen Nov 13, 2026, 12:30 AM GMT+1.');
    expect(mail.text).not.toContain('UTC');
    expect(mail.html).toContain('Seen Nov 13, 2026, 12:30 AM GMT+1');
  });

  test("the digest's day is the person's day", () => {
    const mail = renderEmail(
      message({ kind: 'digest', timeZone: 'Europe/Madrid', language: 'es' }),
      'https://console.example',
    );
    expect(mail.subject).toContain('13 de noviembre de 2026');
    expect(mail.text).toContain('Detectado el 13 nov 2026, 0:30 GMT+1');
  });

  test('in UTC where the zone is unknown, and it says so', () => {
    const mail = renderEmail(message({}), 'https://console.example');
    expect(mail.text).toContain('Seen Nov 12, 2026, 11:30 PM (UTC).');
  });
});

// Issue 47 item 4: a link names the connection its alerts came from, so that the console switches
// a person who works through another of theirs to it.
describe("an alert e-mail's links", () => {
  test('name the connection, in the text and in the HTML', () => {
    const mail = renderEmail(message({ connectionId: 'conn-processor' }), 'https://console.example/');
    expect(mail.text).toContain('https://console.example/centres/101?via=conn-processor');
    expect(mail.html).toContain('href="https://console.example/centres/101?via=conn-processor"');
  });

  test("a storm's link to the rest names it beside the overview's filter", () => {
    const more = message({ connectionId: 'conn-processor', total: 30, centres: 30 });
    expect(renderEmail(more, 'https://console.example').text).toContain(
      'https://console.example/overview?show=suspended&via=conn-processor',
    );
  });

  test('without a connection, the links are as before', () => {
    const mail = renderEmail(message({}), 'https://console.example');
    expect(mail.text).toContain('https://console.example/centres/101\n');
  });
});
