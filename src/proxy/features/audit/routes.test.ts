import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityPageSchema } from '../../../proxy-api/activity.ts';
import { createSimulator } from '../../../simulator/index.ts';
import { entry } from '../../testing/audit-store-suite.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

// GET /audit/entries and /audit/entries.csv (docs/decisions/0018): the signed-in provider's
// activity, filtered in the URL, a page at a time or as one streamed CSV file.

let proxy: Harness;
let session: string;
const base = Date.parse('2026-11-01T00:00:00Z');

beforeAll(async () => {
  const sim = createSimulator({ seed: 'demo' });
  const transport = (request: Request) => sim.fetch(request);
  proxy = await startProxy(undefined, { transports: { demo: transport }, simulatorControl: transport });
  const login = await proxy.login({ clientId: 'demo-parent', clientSecret: 'demo-parent-secret' });
  session = login.session ?? '';
  // 250 entries of the parent over 250 minutes, and some of another parent.
  await proxy.audit.append(
    Array.from({ length: 250 }, (_, index) =>
      entry('demo', {
        at: base + index * 60_000,
        centreId: 101 + (index % 5),
        action: index % 2 === 0 ? 'contract.event' : 'doctor.register',
        subject: index === 7 ? '=HYPERLINK("x")' : `s${index}`,
        outcome: { status: index % 10 === 0 ? 422 : 200, code: null },
      }),
    ),
  );
  await proxy.audit.append([entry('demo', { ownerProviderId: 200, subject: 'other-parent' })]);
});
afterAll(() => proxy.close());

const get = (path: string, init: { csrf?: boolean; session?: string } = {}) =>
  proxy.request(path, { session, ...init });

async function page(query: string) {
  const response = await get(`/audit/entries${query}`);
  expect(response.status).toBe(200);
  return activityPageSchema.parse(await response.json());
}

describe('GET /audit/entries', () => {
  test('pages newest first with a cursor, 50 by default, each entry once', async () => {
    const subjects: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      // oxlint-disable-next-line no-await-in-loop -- each page follows the previous one
      const found = await page(`?action=contract.event,doctor.register${cursor ? `&cursor=${cursor}` : ''}`);
      subjects.push(...found.entries.map((logged) => logged.subject ?? ''));
      cursor = found.next ?? '';
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(subjects).toHaveLength(250);
    expect(subjects[0]).toBe('s249');
    expect(subjects).toContain('=HYPERLINK("x")');
    expect(new Set(subjects).size).toBe(250);
    expect(subjects).not.toContain('other-parent');
  });

  test('filters by centre, action, actor, outcome and time range', async () => {
    const found = await page(
      `?centreId=101&action=contract.event&outcome=refused&from=${new Date(base).toISOString()}&to=${new Date(base + 100 * 60_000).toISOString()}&limit=200`,
    );
    // Index 0, 10, 20, … are refused; of those, centre 101 is index % 5 === 0, contract events are even.
    expect(found.entries.map((logged) => logged.subject)).toEqual([
      's90',
      's80',
      's70',
      's60',
      's50',
      's40',
      's30',
      's20',
      's10',
      's0',
    ]);
    expect((await page('?actor=someone-else')).entries).toEqual([]);
  });

  test('a session reads at most 10 pages a second: the 11th is a 429 in words, another session is not held up, and a second later it reads again', async () => {
    const reader = (await proxy.login({ clientId: 'demo-parent', clientSecret: 'demo-parent-secret' }))
      .session;
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1)
      // oxlint-disable-next-line no-await-in-loop -- one page after the other, as fast as it can
      statuses.push((await get('/audit/entries?limit=5', { session: reader })).status);
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
    const refused = await get('/audit/entries?limit=5', { session: reader });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({
      code: 'too_many_reads',
      detail: expect.stringContaining('10 pages of the activity log in the last second'),
    });
    expect((await get('/audit/entries?limit=5')).status).toBe(200);
    proxy.clock.advance(1_000);
    expect((await get('/audit/entries?limit=5', { session: reader })).status).toBe(200);
  });

  test('refuses a bad filter, a missing session and a request without the console header', async () => {
    for (const query of [
      '?centreId=abc',
      '?outcome=maybe',
      '?from=yesterday',
      '?limit=0',
      '?limit=1000',
      '?action=DROP TABLE',
    ])
      // oxlint-disable-next-line no-await-in-loop -- one after the other
      expect((await get(`/audit/entries${query}`)).status).toBe(400);
    expect((await get('/audit/entries', { session: undefined })).status).toBe(401);
    expect((await get('/audit/entries', { csrf: false })).status).toBe(403);
    expect((await get('/audit/nothing')).status).toBe(404);
  });
});

describe('GET /audit/entries.csv', () => {
  test('one row per entry of the filter under a header, formulae escaped, as an attachment', async () => {
    const response = await get('/audit/entries.csv?action=doctor.register');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>((await response.text()).trim()).data;
    expect(rows[0]?.slice(0, 3)).toEqual(['id', 'at', 'environment']);
    expect(rows).toHaveLength(1 + 125);
    // A cell a spreadsheet would run as a formula is written as text.
    expect(rows.flat()).toContain('\'=HYPERLINK("x")');
    expect(rows.flat()).not.toContain('=HYPERLINK("x")');
    const none = await get('/audit/entries.csv?centreId=999');
    expect(Papa.parse((await none.text()).trim()).data).toHaveLength(1);
  });
});
