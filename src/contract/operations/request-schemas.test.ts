import { describe, expect, it } from 'vitest';
import { createChildCenterRequestSchema } from './create-child-center.ts';
import { doctorRegistrationSchema } from './register-doctors.ts';
import { tokenRequestSchema } from './request-token.ts';
import { partnerWebhookRequestSchema } from './send-partner-webhook.ts';

const doctor = {
  name: 'Ana',
  lastname: 'Puig',
  doctorId: 'ext-1',
  healthProviderId: 101,
  doctorSpeciality: 3,
  lang: 'CA',
};

describe('request schemas the console forms share', () => {
  it('D5: a child centre needs a non-blank name, country and city of at most 200 characters, trimmed', () => {
    expect(
      createChildCenterRequestSchema.parse({ name: ' Clínica Sol ', country: 'ES', city: 'Girona' }),
    ).toEqual({
      name: 'Clínica Sol',
      country: 'ES',
      city: 'Girona',
    });
    const blank = createChildCenterRequestSchema.safeParse({ name: '   ', country: 'ES', city: '' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'city']);
    expect(
      createChildCenterRequestSchema.safeParse({ name: 'x'.repeat(201), country: 'ES', city: 'G' }).success,
    ).toBe(false);
    expect(
      createChildCenterRequestSchema.safeParse({ name: 'x'.repeat(200), country: 'ES', city: 'G' }).success,
    ).toBe(true);
  });

  it('D4: a doctor needs names and id of at most 100 characters, positive integer ids and a known language', () => {
    expect(doctorRegistrationSchema.parse(doctor)).toEqual(doctor);
    expect(doctorRegistrationSchema.safeParse({ ...doctor, lang: 'ca' }).success).toBe(false);
    expect(doctorRegistrationSchema.safeParse({ ...doctor, lang: 'XX' }).success).toBe(false);
    expect(doctorRegistrationSchema.safeParse({ ...doctor, doctorSpeciality: 1.5 }).success).toBe(false);
    expect(doctorRegistrationSchema.safeParse({ ...doctor, healthProviderId: 0 }).success).toBe(false);
    expect(doctorRegistrationSchema.safeParse({ ...doctor, lastname: 'x'.repeat(101) }).success).toBe(false);
  });

  it('D4: email and dictionary are optional, and an email must be valid when present', () => {
    expect(
      doctorRegistrationSchema.parse({ ...doctor, email: 'ana@example.org', doctorDictionary: 'a,b' }).email,
    ).toBe('ana@example.org');
    expect(doctorRegistrationSchema.safeParse({ ...doctor, email: 'not-an-email' }).success).toBe(false);
  });

  it('4.1: a token request needs a client id and a secret', () => {
    expect(tokenRequestSchema.safeParse({ clientId: ' ', clientSecret: 's' }).success).toBe(false);
    expect(tokenRequestSchema.safeParse({ clientId: 'c', clientSecret: '' }).success).toBe(false);
  });

  it('D8: a pay-per-use event has exactly one USAGE item; seat events have seat items', () => {
    const base = { id: 'evt_1', type: 'checkout.session.completed', created: '2026-11-22T10:00:00Z' };
    const usage = {
      ...base,
      data: { providerId: 101, items: [{ planType: 'USAGE', includedConsultations: 300 }] },
    };
    expect(partnerWebhookRequestSchema.safeParse(usage).success).toBe(true);
    const mixed = {
      ...base,
      data: {
        providerId: 101,
        items: [
          { planType: 'USAGE', includedConsultations: 300 },
          { planType: 'BASIC', quantity: 1 },
        ],
      },
    };
    expect(partnerWebhookRequestSchema.safeParse(mixed).success).toBe(false);
    const seats = {
      ...base,
      data: {
        providerId: 101,
        items: [
          { planType: 'BASIC', quantity: 5 },
          { planType: 'ELITE', quantity: 2 },
        ],
      },
    };
    expect(partnerWebhookRequestSchema.safeParse(seats).success).toBe(true);
    expect(
      partnerWebhookRequestSchema.safeParse({
        ...base,
        type: 'customer.subscription.deleted',
        data: { providerId: 101 },
      }).success,
    ).toBe(true);
  });
});
