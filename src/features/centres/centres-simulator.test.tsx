import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator } from '@/simulator';
import { createConsoleSurfaceHandlers } from '@/simulator/hosts/console-surface';
import { renderApp } from '@/testing/render-app';

// The same screens over the simulator's own console surface (the proxy's browser-facing API played
// over the spec-faithful simulator, D12 demo seed), not over the local fake.
const sim = createSimulator({ seed: 'demo' });
const server = setupServer(...createConsoleSurfaceHandlers(sim));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
// A fresh surface (its one session, its login counter) for every test.
beforeEach(() => server.resetHandlers(...createConsoleSurfaceHandlers(sim)));
afterEach(() => {
  sim.reset();
  localStorage.clear();
});
afterAll(() => server.close());

async function childrenOf(providerId: number): Promise<number> {
  const token = await sim.fetch(
    new Request('http://sim.test/api/iam/integration/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-parent&client_secret=demo-parent-secret',
    }),
  );
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const list = await sim.fetch(
    new Request(`http://sim.test/core/v1/provider/${providerId}/child`, {
      headers: { authorization: `Bearer ${accessToken}` },
    }),
  );
  return ((await list.json()) as { response: { meta: { total: number } } }).response.meta.total;
}

describe('centres over the simulator', () => {
  it('the demo parent button lists every child the simulator holds for provider 100', async () => {
    const expected = await childrenOf(100);
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Demo parent (100)' }));
    expect(await screen.findByText(`${expected} centres`)).toBeInTheDocument();
    expect(expected).toBeGreaterThanOrEqual(30);
  });

  it('a wrong secret is refused with the surface’s 401 and nothing is signed in', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText(/provider id/i), '100');
    await user.type(screen.getByLabelText(/client id/i), 'demo-parent');
    await user.type(screen.getByLabelText(/client secret/i), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/were not accepted/);
    await waitFor(() => expect(screen.getByLabelText(/client id/i)).toHaveValue('demo-parent'));
  });
});
