import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { centrePage, signedInParent } from './centres-testing.ts';

// The list's rows are plain anchors whose clicks the list handles (centre-links.ts, issue 48 item 5):
// each must still open its centre in the app, and leave a click meant for a new tab to the browser.
const api = setupSimulatorConsole();

describe('a centre’s row in the list', () => {
  it('is a link to the centre’s page that opens it in the app', async () => {
    const { children } = await signedInParent(api);
    const lisbon = children[2];
    const user = userEvent.setup();
    const { router } = renderApp('/centres');
    const link = await screen.findByRole('link', { name: 'Lisbon Care' });
    expect(link).toHaveAttribute('href', `/centres/${lisbon?.providerId}`);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toMatch(centrePage(lisbon?.providerId)));
    expect(await screen.findByRole('heading', { name: 'Lisbon Care' })).toBeInTheDocument();
  });

  it('leaves a click with a modifier (a new tab or window) to the browser', async () => {
    await signedInParent(api);
    const { router } = renderApp('/centres');
    const link = await screen.findByRole('link', { name: 'Lisbon Care' });
    // Whether the list kept the browser's own action, seen last on the way up (jsdom cannot follow
    // a link: this stops it after looking).
    const kept: boolean[] = [];
    const look = (event: Event) => {
      kept.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', look);
    try {
      for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const)
        fireEvent.click(link, { [modifier]: true });
      fireEvent.click(link, { button: 1 });
      expect(kept).toEqual([true, true, true, true]);
      expect(router.state.location.pathname).toBe('/centres');
      // A plain click is the app's.
      fireEvent.click(link);
      expect(kept.at(-1)).toBe(false);
    } finally {
      window.removeEventListener('click', look);
    }
  });
});
