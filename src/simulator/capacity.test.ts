import { describe, expect, it } from 'vitest';
import { MAX_FAULTS } from './core/faults.ts';
import { testSimulator } from './testing/client.ts';

const doctor = (doctorId: string) => ({
  name: 'Eva',
  lastname: 'Mas',
  doctorId,
  healthProviderId: 101,
  doctorSpeciality: 3,
  lang: 'CA',
});

const webhook = (id: string, quantity: number) => ({
  id,
  type: 'customer.subscription.updated',
  created: '2026-11-22T10:00:00Z',
  data: {
    providerId: 101,
    items: [
      { planType: 'BASIC', quantity },
      { planType: 'ELITE', quantity: 3 },
    ],
  },
});

const centre = { name: 'Centre', country: 'ES', city: 'Girona' };

describe('a world with a capacity (a demo open to the public)', () => {
  it('refuses new centres past its room with 429 and a D2 message, until it is reset', async () => {
    const t = testSimulator({ capacity: { centres: 2, doctors: 10, events: 10 } });
    const token = await t.token();
    for (const _ of [1, 2])
      // oxlint-disable-next-line no-await-in-loop -- one centre after the other
      expect((await t.post('/iam/v1/register/childProvider', centre, token)).status).toBe(200);
    const full = await t.post('/iam/v1/register/childProvider', centre, token);
    expect(full.status).toBe(429);
    expect(full.body).toEqual({
      success: false,
      code: 429,
      message: 'This demo world holds at most 2 new centres until it is reset to its seed; it is full.',
    });
    // The control API's providers count too.
    expect((await t.post('/__sim/providers', centre)).status).toBe(429);
    t.sim.reset();
    expect((await t.post('/iam/v1/register/childProvider', centre, await t.token())).status).toBe(200);
  });

  it('counts only new doctors: a re-registration (D4) still works when the world is full', async () => {
    const t = testSimulator({ capacity: { centres: 10, doctors: 3, events: 10 } });
    const token = await t.token();
    const register = (ids: string[]) =>
      t.post('/iam/v1/register/healthProviderDoctor', { doctors: ids.map(doctor) }, token);
    expect((await register(['cap-1', 'cap-2'])).status).toBe(200);
    // Two new ones would pass the room of three: the whole request is refused, nothing added.
    expect((await register(['cap-3', 'cap-4'])).status).toBe(429);
    expect((await register(['cap-3'])).status).toBe(200);
    expect((await register(['cap-1', 'cap-2', 'cap-3'])).status).toBe(200);
    const refused = await register(['cap-5']);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('at most 3 new doctors') });
  });

  it('counts applied webhook events; a repeated event id still answers applied:false (D8)', async () => {
    const t = testSimulator({ capacity: { centres: 10, doctors: 10, events: 2 } });
    const token = await t.token();
    const send = (id: string, quantity: number) =>
      t.post('/payments/v1/partner/webhook', webhook(id, quantity), token);
    expect((await send('evt_cap_1', 21)).status).toBe(200);
    expect((await send('evt_cap_2', 22)).status).toBe(200);
    expect((await send('evt_cap_3', 23)).status).toBe(429);
    const repeated = await send('evt_cap_1', 21);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toMatchObject({ response: { applied: false } });
  });

  it('without a capacity nothing is refused', async () => {
    const t = testSimulator();
    const token = await t.token();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.post('/iam/v1/register/childProvider', centre, token)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

it(`D11 at most ${MAX_FAULTS} faults wait to fire at once: more are refused with 429 until a reset`, async () => {
  const t = testSimulator();
  for (let index = 0; index < MAX_FAULTS; index++)
    t.sim.core.addFault({ match: `GET /x/${index}`, status: 503 });
  const refused = await t.post('/__sim/faults', { match: 'GET /y', status: 503 });
  expect(refused.status).toBe(429);
  t.sim.reset();
  expect((await t.post('/__sim/faults', { match: 'GET /y', status: 503 })).status).toBe(200);
});
