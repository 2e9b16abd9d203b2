import { describe, expect, test } from 'vitest';
import { defaultMailFrom } from './config.ts';
import { parseConfig } from '../../config.ts';

describe('mail configuration', () => {
  test('without SMTP_URL there is no server and the default sender', () => {
    expect(parseConfig({}).mail).toEqual({
      smtp: undefined,
      from: defaultMailFrom,
      catcherPort: 0,
      webhookAllowedHosts: [],
    });
  });

  test('smtp:// with credentials, smtps:// with its default port', () => {
    const plain = parseConfig({
      SMTP_URL: 'smtp://ana%40x:p%2Fss@mail.example:2525',
      MAIL_FROM: 'Alerts <a@x.org>',
    });
    expect(plain.mail).toEqual({
      smtp: {
        host: 'mail.example',
        port: 2525,
        secure: false,
        auth: { user: 'ana@x', pass: 'p/ss' },
        loopback: false,
      },
      from: 'Alerts <a@x.org>',
      catcherPort: 0,
      webhookAllowedHosts: [],
    });
    expect(parseConfig({ SMTP_URL: 'smtps://mail.example' }).mail.smtp).toMatchObject({
      port: 465,
      secure: true,
    });
    expect(parseConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtp?.loopback).toBe(true);
  });

  test('a bad SMTP_URL or MAIL_FROM stops the start, naming the variable', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be smtp:\/\//);
    expect(() => parseConfig({ MAIL_FROM: 'not an address' })).toThrow(
      /MAIL_FROM: must be an e-mail address/,
    );
    expect(() => parseConfig({ MAIL_FROM: 'A <a@x.org>\r\nBcc: b@x.org' })).toThrow(/MAIL_FROM/);
  });
});
