import { describe, expect, it } from 'vitest';
import { licensesResponseSchema } from './operations/get-licenses.ts';
import { doctorsWithLicensesPageSchema } from './operations/list-doctors-with-licenses.ts';
import { childCentersPageSchema } from './operations/list-child-centers.ts';
import { reportTemplatesPageSchema } from './operations/list-report-templates.ts';
import {
  childCreationSchema,
  childCredentialsSchema,
  doctorRegistrationResponseSchema,
  envelopePayload,
  licenseSchema,
  metaSchema,
  tokenResponseSchema,
  userLicenseDetailSchema,
  webhookEventSchema,
  webhookResultSchema,
} from './schemas.ts';
import { isKnown } from './tolerant.ts';

const license = {
  type: 'BASIC',
  isEnabled: true,
  currentUsage: 12,
  limit: 100,
  expiresAt: '2026-12-31T23:59:59Z',
};
const detail = {
  id: 7,
  type: 'ELITE',
  limit: null,
  currentUsage: 3,
  isEnabled: true,
  createdAt: '2026-01-05 09:30:00',
  updatedAt: '2026-02-01 10:00:00',
  lastUsedAt: '2026-11-20 18:45:12',
  expiresAt: '2027-01-05T09:30:00Z',
  userId: 'ext-42',
  name: 'Ana',
  lastname: 'García',
};
const template = {
  id: 1,
  name: 'Informe de alta',
  description: 'Alta hospitalaria',
  type: 2,
  specialityId: 0,
  isValidated: true,
  ownerType: 'HEALTH_PROVIDER',
  providerId: '100',
};

describe('2.1 token response', () => {
  it('parses access_token and token_type, with expires_in optional (D1)', () => {
    expect(tokenResponseSchema.parse({ access_token: 'a', token_type: 'Bearer' })).toEqual({
      access_token: 'a',
      token_type: 'Bearer',
    });
    expect(
      tokenResponseSchema.parse({ access_token: 'a', token_type: 'Bearer', expires_in: 3600 }).expires_in,
    ).toBe(3600);
  });
  it('rejects a response without an access token', () => {
    expect(tokenResponseSchema.safeParse({ token_type: 'Bearer' }).success).toBe(false);
  });
});

describe('2.2 registration response', () => {
  it('parses the one-doctor response and the several-doctor ids of D4', () => {
    expect(
      doctorRegistrationResponseSchema.parse({ success: true, message: 'ok', doctorId: 'd-1' }).doctorId,
    ).toBe('d-1');
    expect(
      doctorRegistrationResponseSchema.parse({
        success: true,
        message: 'ok',
        doctorId: 'd-1',
        doctorIds: ['d-1', 'd-2'],
      }).doctorIds,
    ).toEqual(['d-1', 'd-2']);
  });
});

describe('2.3 and 2.4 child providers in the envelope', () => {
  it('reads the creation payload out of the envelope', () => {
    const body = { success: true, code: 200, response: { providerId: 101, clientId: 'c', secret: 's' } };
    expect(envelopePayload(childCreationSchema).parse(body)).toEqual({
      providerId: 101,
      clientId: 'c',
      secret: 's',
    });
  });
  it('reads credentials', () => {
    expect(childCredentialsSchema.parse({ clientId: 'c', secret: 's' })).toEqual({
      clientId: 'c',
      secret: 's',
    });
  });
  it('accepts list items with and without city (other fields: not shown)', () => {
    const page = childCentersPageSchema.parse({
      data: [
        { id: 101, name: 'A', country: 'ES', city: 'Girona' },
        { id: 102, name: 'B', country: 'ES' },
      ],
      meta: { total: 2, offset: 0, limit: 2 },
    });
    expect(page.data.map((c) => c.city)).toEqual(['Girona', undefined]);
  });
  it('rejects an envelope whose payload is missing', () => {
    expect(envelopePayload(childCredentialsSchema).safeParse({ success: true, code: 200 }).success).toBe(
      false,
    );
  });
});

describe('2.5 meta', () => {
  it('parses total, offset and limit and rejects negative values', () => {
    expect(metaSchema.parse({ total: 31, offset: 0, limit: 31 })).toEqual({
      total: 31,
      offset: 0,
      limit: 31,
    });
    expect(metaSchema.safeParse({ total: -1, offset: 0, limit: 1 }).success).toBe(false);
  });
});

describe('2.6 and 2.7 doctors with licences', () => {
  it('parses a doctor with a licence, reading expiresAt as UTC', () => {
    const parsed = licenseSchema.parse(license);
    expect(parsed.expiresAt?.toISOString()).toBe('2026-12-31T23:59:59.000Z');
    expect(parsed.limit).toBe(100);
  });
  it('parses license: null for a doctor without a licence', () => {
    const page = doctorsWithLicensesPageSchema.parse({
      doctors: [{ id: 'ext-1', name: 'Ana', lastname: 'Puig', license: null }],
      suspension: { suspended: false },
      billing: { mode: 'PROCESSOR', managedBy: null },
      meta: { total: 1, offset: 0, limit: 10 },
    });
    expect(page.doctors[0]?.license).toBeNull();
  });
  it('reads an absent suspension block (PARTNER_SELF) as not suspended', () => {
    const page = doctorsWithLicensesPageSchema.parse({
      doctors: [],
      billing: { mode: 'PARTNER_SELF', managedBy: 'Red Salud Demo' },
      meta: { total: 0, offset: 0, limit: 10 },
    });
    expect(page.suspension).toEqual({ suspended: false });
    expect(page.billing.managedBy).toBe('Red Salud Demo');
  });
  it('keeps a suspended block with its reason', () => {
    const page = doctorsWithLicensesPageSchema.parse({
      doctors: [],
      suspension: { suspended: true, reason: 'payment_failed' },
      billing: { mode: 'PROCESSOR', managedBy: null },
      meta: { total: 0, offset: 0, limit: 10 },
    });
    expect(page.suspension).toEqual({ suspended: true, reason: 'payment_failed' });
  });
});

describe('4.7 licence responses: the four shapes', () => {
  const summary = [{ type: 'BASIC', total: 5, used: 3, available: 2 }];
  it('shape 1, processor: summary, scheduledDowngrade and suspension', () => {
    const r = licensesResponseSchema.parse({
      summary,
      scheduledDowngrade: { quantity: { '8': 3 }, effectiveDate: '2026-12-01T00:00:00Z' },
      suspension: { suspended: false },
    });
    expect(r.shape).toBe('processor');
    expect(r.shape === 'processor' && r.scheduledDowngrade?.effectiveDate.toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });
  it('shape 1 with no pending downgrade gives null', () => {
    const r = licensesResponseSchema.parse({
      summary,
      scheduledDowngrade: null,
      suspension: { suspended: false },
    });
    expect(r.shape === 'processor' && r.scheduledDowngrade).toBeNull();
  });
  it('shape 2, PARTNER_SELF: summary and status, suspension absent means not suspended', () => {
    const r = licensesResponseSchema.parse({ summary, status: 'ACTIVE' });
    expect(r).toMatchObject({ shape: 'partner-self', status: 'ACTIVE', suspension: { suspended: false } });
  });
  it('shape 3, pay-per-use: contractModel USAGE, scheduledSwitch read as UTC from YYYY-MM-DD HH:MM:SS', () => {
    const r = licensesResponseSchema.parse({
      contractModel: 'USAGE',
      summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
      scheduledSwitch: { quantity: { '8': 2, '9': 1 }, effectiveDate: '2026-12-01 00:00:00' },
      status: 'ACTIVE',
    });
    expect(r.shape).toBe('pay-per-use');
    expect(r.shape === 'pay-per-use' && r.scheduledSwitch?.effectiveDate.toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });
  it('shape 4, with userId: licences with both date formats', () => {
    const r = licensesResponseSchema.parse({
      licenses: [detail],
      suspension: { suspended: true, reason: 'payment_failed' },
    });
    expect(r.shape).toBe('licenses');
    const first = r.shape === 'licenses' ? r.licenses[0] : undefined;
    expect(first?.createdAt.toISOString()).toBe('2026-01-05T09:30:00.000Z');
    expect(first?.expiresAt?.toISOString()).toBe('2027-01-05T09:30:00.000Z');
    expect(r.suspension.suspended).toBe(true);
  });
  it('a cancelled centre keeps its summary rows (D7)', () => {
    const r = licensesResponseSchema.parse({ summary, status: 'INACTIVE' });
    expect(r.shape === 'partner-self' && r.summary).toHaveLength(1);
  });
  it('rejects a body that is none of the four shapes', () => {
    expect(licensesResponseSchema.safeParse({ something: 'else' }).success).toBe(false);
  });
});

describe('2.12 user licence detail', () => {
  it('tolerates a licence never used (lastUsedAt null)', () => {
    expect(userLicenseDetailSchema.parse({ ...detail, lastUsedAt: null }).lastUsedAt).toBeNull();
  });
  it('rejects a createdAt that is not YYYY-MM-DD HH:MM:SS', () => {
    expect(userLicenseDetailSchema.safeParse({ ...detail, createdAt: 'yesterday' }).success).toBe(false);
  });
});

describe('2.13 report templates', () => {
  it('parses provider and user templates', () => {
    const page = reportTemplatesPageSchema.parse({
      data: [template, { ...template, id: 2, ownerType: 'USER', userId: 'ext-42' }],
      meta: { total: 2, offset: 0, limit: 10 },
    });
    expect(page.data.map((t) => t.ownerType)).toEqual(['HEALTH_PROVIDER', 'USER']);
    expect(page.data[1]?.userId).toBe('ext-42');
  });
});

describe('D8 webhook', () => {
  it('parses the event envelope and the result', () => {
    const event = webhookEventSchema.parse({
      id: 'evt_1',
      type: 'checkout.session.completed',
      created: '2026-11-22T10:00:00Z',
      data: {
        providerId: 101,
        items: [
          { planType: 'BASIC', quantity: 5 },
          { planType: 'USAGE', includedConsultations: 300 },
        ],
      },
    });
    expect(event.data.items).toHaveLength(2);
    expect(webhookResultSchema.parse({ eventId: 'evt_1', applied: false, status: 'ACTIVE' }).applied).toBe(
      false,
    );
  });
});

describe('tolerant reading', () => {
  it('ignores unknown fields everywhere', () => {
    const parsed = licenseSchema.parse({ ...license, colour: 'blue', nested: { a: 1 } });
    expect(parsed).not.toHaveProperty('colour');
    expect(
      templateKeys(
        reportTemplatesPageSchema.parse({
          data: [{ ...template, extra: 1 }],
          meta: { total: 1, offset: 0, limit: 10 },
          more: true,
        }),
      ),
    ).not.toContain('extra');
  });
  it('keeps an unknown licence type visible as unknown instead of throwing', () => {
    const parsed = licenseSchema.parse({ ...license, type: 'PLATINUM' });
    expect(parsed.type).toEqual({ unknown: 'PLATINUM' });
    expect(isKnown(parsed.type)).toBe(false);
  });
  it('keeps unknown billing modes, statuses, owner types and event types as unknown', () => {
    const page = doctorsWithLicensesPageSchema.parse({
      doctors: [],
      billing: { mode: 'BARTER', managedBy: null },
      meta: { total: 0, offset: 0, limit: 10 },
    });
    expect(page.billing.mode).toEqual({ unknown: 'BARTER' });
    const r = licensesResponseSchema.parse({ summary: [], status: 'PAUSED' });
    expect(r.shape === 'partner-self' && r.status).toEqual({ unknown: 'PAUSED' });
    expect(
      reportTemplatesPageSchema.parse({
        data: [{ ...template, ownerType: 'TEAM' }],
        meta: { total: 1, offset: 0, limit: 1 },
      }).data[0]?.ownerType,
    ).toEqual({ unknown: 'TEAM' });
    expect(
      webhookEventSchema.parse({
        id: 'e',
        type: 'invoice.paid',
        created: '2026-11-22T10:00:00Z',
        data: { providerId: 1 },
      }).type,
    ).toEqual({ unknown: 'invoice.paid' });
  });
  it('rejects wrong types in documented fields', () => {
    expect(licenseSchema.safeParse({ ...license, isEnabled: 'yes' }).success).toBe(false);
    expect(metaSchema.safeParse({ total: '3', offset: 0, limit: 3 }).success).toBe(false);
  });
});

function templateKeys(page: { data: object[] }): string[] {
  return page.data.flatMap((t) => Object.keys(t));
}
