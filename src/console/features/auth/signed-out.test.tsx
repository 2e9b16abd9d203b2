import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 45 item 1: a person's sign-out lands on the sign-in page, which says whether the
// organisation's provider signed them out too (RP-Initiated Logout 1.0) or may still be open.
const api = setupSimulatorConsole({ seed: 'demo' });

describe('the sign-in page after a sign-out', () => {
  beforeEach(() => {
    api.server.use(
      http.get('*/auth/sign-in-options', () =>
        HttpResponse.json({ organisation: true, clientCredentials: true }),
      ),
    );
  });

  it('says the person is signed out, right above the organisation button it describes', async () => {
    renderApp('/login?signedOut=everywhere');
    const group = await screen.findByRole('region', { name: 'Your organisation' });
    const notice = await within(group).findByText('You are signed out');
    const button = within(group).getByRole('link', { name: 'Sign in with your organisation' });
    expect(button).toHaveAccessibleDescription(/Signing in again asks for your password/);
    expect(notice).toBeVisible();
  });

  it('where the provider could not sign them out, says its session may still be open and how to end it', async () => {
    renderApp('/login?signedOut=console');
    const group = await screen.findByRole('region', { name: 'Your organisation' });
    expect(await within(group).findByText('You are signed out of the console')).toBeVisible();
    expect(group).toHaveTextContent(/may still be open in this browser/);
    expect(group).toHaveTextContent(/close every window of this browser/);
  });

  it('says nothing of a sign-out for a value it does not know', async () => {
    renderApp('/login?signedOut=1');
    const group = await screen.findByRole('region', { name: 'Your organisation' });
    expect(within(group).queryByText(/signed out/)).not.toBeInTheDocument();
  });
});
