import { screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// A generated world of 1,000 centres × 20 doctors under the demo parent (the simulator's seed).
const large = setupSimulatorConsole({ seed: { centres: 1000, doctors: 20 } });

const isLicenceCall = (url: string) => new URL(url).pathname.startsWith('/api/payments/');

describe('the overview over 1,000 centres', () => {
  it('never has more than six licence requests in flight, and loads every centre', async () => {
    await large.signIn(DEMO_PARENT);
    let inFlight = 0;
    let most = 0;
    large.server.events.on('request:start', ({ request }) => {
      if (!isLicenceCall(request.url)) return;
      inFlight += 1;
      most = Math.max(most, inFlight);
    });
    large.server.events.on('response:mocked', ({ request }) => {
      if (isLicenceCall(request.url)) inFlight -= 1;
    });
    // Each answer takes a moment, as a real service's would: requests overlap if nothing bounds them.
    large.server.use(
      http.get('*/api/payments/*', async () => {
        await delay(3);
      }),
    );
    renderApp('/overview');
    expect(
      await screen.findByRole('button', { name: 'All centres (1,000)' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('progressbar', { name: /Loading licences: [\d,]+ of 1,000 centres/ }),
    ).toBeInTheDocument();
    // 2,000 answers through the proxy's app and the simulator in jsdom: seconds alone, a minute and
    // more on a loaded two-core machine. What is measured is how many were in flight, not how fast.
    await waitFor(() => expect(screen.queryByText(/Loading licences/)).not.toBeInTheDocument(), {
      timeout: 150_000,
    });
    expect(most).toBe(6);
    expect(large.sent('/license')).toHaveLength(1000);
    expect(large.sent('/user')).toHaveLength(1000);
    expect(screen.getAllByRole('row').length).toBeLessThan(60);
  }, 180_000);
});
