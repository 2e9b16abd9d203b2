import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 47: after an organisation sign-in that did not complete (an e-mail nobody invited), the
// button read "Retry", which fails the same way, and why sat above the client-credential form, far
// from it. Why now sits right above the button, which keeps its own label and is described by it.
const api = setupSimulatorConsole({ seed: 'demo' });

describe('an organisation sign-in that did not complete', () => {
  it('says why beside the organisation button, which keeps its own label', async () => {
    api.server.use(
      http.get('*/auth/sign-in-options', () =>
        HttpResponse.json({ organisation: true, clientCredentials: true }),
      ),
    );
    renderApp('/login?signIn=unknown_person');
    const group = await screen.findByRole('region', { name: 'Your organisation' });
    const alert = within(group).getByRole('alert');
    expect(alert).toHaveTextContent(
      'This account is not known to the console. Ask an admin of your organisation to invite you.',
    );
    const button = within(group).getByRole('link', { name: 'Sign in with your organisation' });
    expect(button).toHaveAccessibleDescription(/This account is not known to the console/);
    expect(screen.queryByRole('link', { name: 'Retry' })).not.toBeInTheDocument();
    // Nothing stands between why and the button: the alert comes right before it.
    expect(alert.nextElementSibling).toBe(button);
  });

  it('tells a person whose e-mail the provider did not confirm, and one whose console is not set up, what IT can do', async () => {
    api.server.use(
      http.get('*/auth/sign-in-options', () =>
        HttpResponse.json({ organisation: true, clientCredentials: false }),
      ),
    );
    const { unmount } = renderApp('/login?signIn=email_unverified');
    const group = await screen.findByRole('region', { name: 'Your organisation' });
    expect(within(group).getByRole('alert')).toHaveTextContent(
      /did not confirm this account’s e-mail address.*Tell your IT team.*OIDC_TRUST_EMAIL/,
    );
    unmount();
    renderApp('/login?signIn=signin_misconfigured');
    const again = await screen.findByRole('region', { name: 'Your organisation' });
    expect(within(again).getByRole('alert')).toHaveTextContent(
      'The console’s sign-in is not set up correctly: tell your IT team.',
    );
    expect(within(again).getByRole('alert')).not.toHaveTextContent(/try again in a moment/);
  });
});
