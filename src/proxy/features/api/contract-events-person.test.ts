// A contract attempt names who sent it as Activity does (issue 47 item 9): a person signed in as
// themselves by their name (their e-mail when the provider gave none), a client-credential session
// by its client id.
import { expect, test } from 'vitest';
import { createMemoryAuditStore } from '../audit/memory-store.ts';
import { entry } from '../../testing/audit-store-suite.ts';
import { readContractEvents } from './contract-events.ts';

const person = (name: string | null, email: string) => ({
  kind: 'person' as const,
  providerId: 100,
  clientId: 'demo-parent',
  person: { subject: `sub-${email}`, name, email },
  connectionId: 'conn-1',
});

test('an attempt made by a person carries their name and e-mail; a client’s carries only its client id', async () => {
  const store = createMemoryAuditStore();
  const at = Date.now();
  await store.append([
    entry('demo', { at, subject: 'evt_ana', actor: person('Ana Martín', 'ana.martin@redsalud.demo') }),
    entry('demo', { at: at + 1, subject: 'evt_anon', actor: person(null, 'oscar.ruiz@redsalud.demo') }),
    entry('demo', { at: at + 2, subject: 'evt_client' }),
  ]);
  const { events } = await readContractEvents(
    store,
    { environment: 'demo', ownerProviderId: 100 },
    { since: at - 1 },
  );
  const attempt = (id: string) => events.find((event) => event.eventId === id)?.attempts[0];
  expect(attempt('evt_ana')?.person).toEqual({ name: 'Ana Martín', email: 'ana.martin@redsalud.demo' });
  expect(attempt('evt_anon')?.person).toEqual({ name: null, email: 'oscar.ruiz@redsalud.demo' });
  expect(attempt('evt_client')).not.toHaveProperty('person');
  expect(attempt('evt_client')?.clientId).toBe('parent-client');
});
