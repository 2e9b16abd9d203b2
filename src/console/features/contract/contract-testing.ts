import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { Credentials } from '@/console/testing/simulator-console';
import { CONSOLE_HEADERS, contractEventsSchema } from '@/proxy-api/console';

// What the Contract tab's tests share: the demo logins (D12), the proxy's event log as the console
// reads it, an event sent from elsewhere, and the tab's regions.

export const DEMO_PROCESSOR: Credentials = {
  providerId: 200,
  clientId: 'demo-processor',
  secret: 'demo-processor-secret',
};
export const CENTRE_101: Credentials = {
  providerId: 101,
  clientId: 'demo-child-101',
  secret: 'demo-child-101-secret',
};

/** The proxy's contract-event log, as the console reads it. */
export async function contractEvents() {
  const response = await fetch(new URL('/contract-events', globalThis.location.href), {
    headers: CONSOLE_HEADERS,
  });
  return contractEventsSchema.parse(await response.json()).events;
}

/** A cancellation sent straight through the proxy, as another console might. */
export function sendCancellation(id: string, centre: number) {
  return fetch(new URL('/api/payments/v1/partner/webhook', globalThis.location.href), {
    method: 'POST',
    headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      type: 'customer.subscription.deleted',
      created: '2026-11-22T10:00:00Z',
      data: { providerId: centre },
    }),
  });
}

export const contractNow = () => screen.findByRole('region', { name: 'Contract now' });
export const preview = () => screen.getByRole('region', { name: 'Preview' });
export const centreEvents = () => screen.findByRole('region', { name: 'Contract events of this centre' });

export async function replace(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value !== '') await user.type(field, value);
}

/** The form's chunks, compiled once before a file's tests, not inside the first one. */
export const loadContractChunks = () =>
  Promise.all([import('./action-form.tsx'), import('./cancel-dialog.tsx')]);
