import { describe, expect, it } from 'vitest';
import { ApiError } from '@/contract/api-error-value';
import { emptyKindOf, ownerOf, problemOf } from './answers.ts';
import { TEMPLATES_SEARCH_DEFAULTS, templatesRequest, templatesSearchSchema } from './rules.ts';

const http = (status: number) => new ApiError({ kind: 'http', status });

const search = (patch: Partial<typeof TEMPLATES_SEARCH_DEFAULTS> = {}) => ({
  ...TEMPLATES_SEARCH_DEFAULTS,
  ...patch,
});

describe('the request of each view (spec 4.9)', () => {
  it('sends only the centre for rule 1, even with a doctor remembered in the URL', () => {
    expect(templatesRequest(101, search({ doctor: '101-doc-002' }))).toEqual({
      providerId: 101,
      offset: 0,
      limit: 25,
    });
  });

  it('adds the doctor for rule 2 and excludeProvider=true for rule 3', () => {
    expect(templatesRequest(101, search({ view: 'doctor', doctor: 'd-1', page: 3, pageSize: 10 }))).toEqual({
      providerId: 101,
      userId: 'd-1',
      offset: 20,
      limit: 10,
    });
    expect(templatesRequest(101, search({ view: 'own', doctor: ' d-1 ' }))).toEqual({
      providerId: 101,
      userId: 'd-1',
      excludeProvider: true,
      offset: 0,
      limit: 25,
    });
  });

  it('asks nothing of a doctor view without a doctor (never excludeProvider alone, D9)', () => {
    expect(templatesRequest(101, search({ view: 'own' }))).toBeUndefined();
    expect(templatesRequest(101, search({ view: 'doctor', doctor: '   ' }))).toBeUndefined();
  });
});

describe('the URL', () => {
  it('falls back to the defaults for values it cannot read, and never asks for more than 100 rows', () => {
    expect(
      templatesSearchSchema.parse({ view: 'all', page: -2, pageSize: 500, template: 'x', doctor: 42 }),
    ).toEqual({ view: 'centre', doctor: '42', page: 1, pageSize: 25, template: undefined });
    expect(templatesSearchSchema.parse({ view: 'own', pageSize: 100, template: 7 })).toMatchObject({
      view: 'own',
      pageSize: 100,
      template: 7,
    });
  });
});

describe('owners, empty lists and failures', () => {
  it('reads ownerType as the doctor’s, the centre’s, or an unknown value kept visible', () => {
    expect(ownerOf({ ownerType: 'USER' })).toBe('doctor');
    expect(ownerOf({ ownerType: 'HEALTH_PROVIDER' })).toBe('centre');
    expect(ownerOf({ ownerType: { unknown: 'GROUP' } })).toEqual({ unknown: 'GROUP' });
  });

  it('tells “this centre has none” from “this doctor has none of their own”', () => {
    expect(emptyKindOf('centre')).toBe('centre-has-none');
    expect(emptyKindOf('doctor')).toBe('doctor-and-centre-have-none');
    expect(emptyKindOf('own')).toBe('doctor-has-none');
  });

  it('names a 404 with a doctor an unknown doctor, and a 403 a centre outside the login', () => {
    const withDoctor = { providerId: 101, userId: 'x', offset: 0, limit: 25 };
    const centreOnly = { providerId: 101, offset: 0, limit: 25 };
    expect(problemOf(http(404), withDoctor)).toBe('unknown-doctor');
    expect(problemOf(http(404), centreOnly)).toBe('other');
    expect(problemOf(http(403), centreOnly)).toBe('forbidden');
    expect(problemOf(http(500), withDoctor)).toBe('other');
    expect(problemOf(new Error('boom'), withDoctor)).toBe('other');
  });
});
