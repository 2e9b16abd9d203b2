import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// A world of 10,000 children under the demo parent (the simulator's generated seed).
const api = setupSimulatorConsole({ seed: { centres: 10_000, doctors: 0 } });

describe('a parent with 10,000 centres', () => {
  it('lists every one of them from one request, rendering only the visible rows', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres?sort=id');
    expect(await screen.findByText('10,000 centres', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(60);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Centro 1000');
    // 4.5 without `limit`: everything in one call (D5).
    const lists = api.sent('/child');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.path).toBe('/api/core/v1/provider/100/child');
  });
});
