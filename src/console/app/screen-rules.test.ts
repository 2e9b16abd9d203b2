import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, type OperationId } from '@/contract/operations';
import { needsOf, screenRule, type MatchedRoute } from './screen-rules.ts';

// The matches the router gives for an address: the layouts, then each screen's route.
const at = (...paths: [string, unknown?][]): MatchedRoute[] => [
  { fullPath: '/', params: {} },
  { fullPath: '', params: {} },
  ...paths.map(([fullPath, params = {}]) => ({ fullPath, params })),
];
const centre = (id: unknown, tab?: string): MatchedRoute[] =>
  at(
    ['/centres/$centreId', { centreId: id }],
    ...(tab ? [[`/centres/$centreId/${tab}`, { centreId: id }] as [string, unknown]] : []),
  );
const DEVELOPMENT: OperationId[] = ['requestToken', 'registerDoctors'];

describe('the rules of an address', () => {
  it('read each screen’s needs from the navigation’s and the tabs’ tables, a tab’s with its page’s', () => {
    expect(needsOf(at(['/overview'])).toSorted()).toEqual(
      ['getLicenses', 'listChildCenters', 'listDoctorsWithLicenses'].toSorted(),
    );
    expect(needsOf(centre(101, 'templates')).toSorted()).toEqual(
      ['listChildCenters', 'listDoctorsWithLicenses', 'listReportTemplates'].toSorted(),
    );
    // A centre's index (which opens its first tab) needs what the page needs.
    expect(
      needsOf(at(['/centres/$centreId', { centreId: 101 }], ['/centres/$centreId/', { centreId: 101 }])),
    ).toEqual(['listChildCenters']);
    expect(needsOf(at(['/doctors/register']))).toEqual(['registerDoctors']);
  });

  it('refuse every screen whose operations the environment lacks, tabs included (D3)', () => {
    for (const matches of [
      at(['/overview']),
      at(['/centres/']),
      centre(101),
      centre(101, 'licences'),
      centre(101, 'doctors'),
      centre(101, 'templates'),
      centre(101, 'contract'),
    ])
      expect(screenRule(matches, DEVELOPMENT, 100)).toEqual({ kind: 'unavailable' });
    expect(screenRule(at(['/doctors/register']), DEVELOPMENT, 100)).toEqual({ kind: 'open' });
    // The proxy's own log needs no operation of the service (docs/decisions/0022).
    expect(screenRule(at(['/activity']), DEVELOPMENT, 100)).toEqual({ kind: 'open' });
    const withoutTemplates = OPERATION_IDS.filter((operation) => operation !== 'listReportTemplates');
    expect(screenRule(centre(101, 'templates'), withoutTemplates, 100)).toEqual({ kind: 'unavailable' });
    expect(screenRule(centre(101, 'doctors'), withoutTemplates, 100)).toMatchObject({ kind: 'centre' });
  });

  it('check a centre in the address against the login: its own, or one of its children', () => {
    expect(screenRule(centre(101, 'doctors'), OPERATION_IDS, 100)).toEqual({
      kind: 'centre',
      centreId: 101,
      own: false,
    });
    expect(screenRule(centre(104), OPERATION_IDS, 104)).toEqual({ kind: 'centre', centreId: 104, own: true });
    // An id the page could not parse is the page's own not-found: nothing is asked.
    expect(screenRule(centre('abc', 'licences'), OPERATION_IDS, 100)).toEqual({ kind: 'open' });
  });

  it('send the screens built on the child list through it, so a centre’s own login opens its page', () => {
    expect(screenRule(at(['/centres/']), OPERATION_IDS, 100)).toEqual({
      kind: 'child-list',
      snapshots: false,
    });
    // The overview draws from the watcher's snapshots first, when there are any (0025).
    expect(screenRule(at(['/overview']), OPERATION_IDS, 100)).toEqual({
      kind: 'child-list',
      snapshots: true,
    });
    // A centre's own login reads its own activity there (docs/decisions/0022).
    expect(screenRule(at(['/activity']), OPERATION_IDS, 101)).toEqual({ kind: 'open' });
  });
});
