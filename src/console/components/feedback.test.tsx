import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/console/lib/i18n';
import { render } from '@/console/testing/render';
import { ApiError } from '@/contract/api-error-value';
import { ErrorPanel, FormErrorAlert, OfflinePanel } from './feedback.tsx';

const inEnglish = (ui: React.ReactElement) => render(<I18nProvider initial="en">{ui}</I18nProvider>);

/** One second on the fake clock, and what React renders of it. */
const second = () =>
  act(async () => {
    vi.advanceTimersByTime(1000);
  });

afterEach(() => vi.useRealTimers());

describe('the feedback components', () => {
  it('say what failed in words, with what the server said and the reference to quote', () => {
    inEnglish(
      <ErrorPanel
        error={
          new ApiError({
            kind: 'http',
            status: 422,
            serverMessage: 'seats below assigned',
            requestId: 'r-42',
          })
        }
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The service cannot apply this in the current state.');
    expect(alert).toHaveTextContent('seats below assigned');
    expect(alert).toHaveTextContent('Reference: r-42');
  });

  it('turn a network failure into the offline panel, which says so again when Retry finds no server', async () => {
    const user = userEvent.setup();
    const retry = vi.fn<() => Promise<boolean>>().mockResolvedValue(false);
    inEnglish(<ErrorPanel error={new ApiError({ kind: 'network' })} onRetry={retry} />);
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(await screen.findByText(/Still no connection/)).toBeInTheDocument();
  });

  it('count a 429 down, second by second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    inEnglish(<FormErrorAlert error={new ApiError({ kind: 'http', status: 429, retryAfterSeconds: 3 })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 3 seconds.');
    await second();
    await second();
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 1 second.');
    await second();
    expect(screen.getByRole('alert')).toHaveTextContent('Wait a moment and try again.');
  });

  it('leave an ended session to the re-login dialog, but say a refused sign-in', () => {
    const { rerender } = inEnglish(
      <FormErrorAlert error={new ApiError({ kind: 'http', status: 401, code: 'session_expired' })} />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <I18nProvider initial="en">
        <FormErrorAlert error={new ApiError({ kind: 'http', status: 401, code: 'invalid_credentials' })} />
      </I18nProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Those credentials were not accepted.');
  });

  it('offer no Retry where there is nothing to retry', () => {
    inEnglish(<OfflinePanel />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
