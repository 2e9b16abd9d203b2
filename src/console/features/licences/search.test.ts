import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  LICENCES_SEARCH_DEFAULTS,
  licencesSearchSchema,
  renamedLicencesSearch,
  type LicencesSearch,
} from './search.ts';

// The Licences tab's URL (docs/decisions/0006): the type listed and the drawer's doctor, read back
// after a reload or a step back/forward through the router's own query-string format. The tab
// writes the type there (licences.test.tsx); the router's restoring is one journey
// (e2e/console.spec.ts).
const reloaded = (search: Partial<LicencesSearch>) =>
  licencesSearchSchema.parse(defaultParseSearch(defaultStringifySearch(search)));

describe('the Licences tab’s search', () => {
  it('reads back the type listed and the doctor in the drawer', () => {
    expect(reloaded({ type: 'ELITE' })).toEqual({ ...LICENCES_SEARCH_DEFAULTS, type: 'ELITE' });
    expect(reloaded({ type: 'TRIAL', doctor: '101-doc-001' })).toEqual({
      type: 'TRIAL',
      doctor: '101-doc-001',
      user: '',
    });
  });

  it('opens on the centre’s first plan with no drawer for a plain link', () => {
    expect(LICENCES_SEARCH_DEFAULTS).toEqual({ type: '', doctor: '', user: '' });
    expect(reloaded({})).toEqual(LICENCES_SEARCH_DEFAULTS);
  });

  it('sends a saved link with the old `user` on to `doctor`, the drawer open', () => {
    expect(renamedLicencesSearch(reloaded({ type: 'ELITE', user: '101-doc-001' }))).toEqual({
      type: 'ELITE',
      doctor: '101-doc-001',
      user: '',
    });
    expect(renamedLicencesSearch(reloaded({ doctor: '101-doc-002' }))).toBeUndefined();
  });

  it('falls back for a type the service does not have, keeping the doctor', () => {
    expect(licencesSearchSchema.parse({ type: 'PLATINUM', doctor: 'd-1' })).toEqual({
      type: '',
      doctor: 'd-1',
      user: '',
    });
    expect(licencesSearchSchema.parse({ type: 'elite', doctor: 'x'.repeat(150) })).toEqual({
      type: '',
      doctor: 'x'.repeat(100),
      user: '',
    });
  });
});
