import { useBlocker } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRegisterDoctors } from '@/console/api/register-doctors';
import { isSessionEnded, mayPassIfSentAgain } from '@/console/lib/error-message';
import { sessionExpiry } from '@/console/lib/session-expiry';
import type { RegisterDoctorsRequest } from '@/contract/operations/register-doctors';
import { RegistrationRun } from './registration-run.ts';

/** What a row sends: its request, and its key so that a failure can find the row again. */
export interface RowRequest {
  key: string;
  request: RegisterDoctorsRequest;
}

/**
 * A registration run for one target, re-rendering the caller on every change of a row's state.
 * `onFailure` hears each refusal (to put D2 field errors onto the row's fields). A session that
 * ends under a request opens the re-login dialog, as a query's or a mutation's 401 does
 * (app/query-client.ts, decision 0006): the run holds its rows meanwhile and sends them once the
 * user has signed in again. Leaving the page while rows are waiting or in flight asks first (the
 * browser's own prompt on close or reload).
 */
export function useRegistrationRun(target: number, onFailure?: (key: string, error: unknown) => void) {
  const api = useRegisterDoctors();
  const [failureListener] = useState(() => ({ current: onFailure }));
  failureListener.current = onFailure;
  const [state, setState] = useState(() => ({ target, run: create() }));
  function create() {
    return new RegistrationRun<RowRequest>({
      mayPassAgain: mayPassIfSentAgain,
      send: async ({ key, request }) => {
        try {
          return await api.register(request);
        } catch (error) {
          if (isSessionEnded(error)) sessionExpiry.report();
          else failureListener.current?.(key, error);
          throw error;
        }
      },
      endsSession: isSessionEnded,
    });
  }
  // Another target is another set of doctors: their states start afresh.
  if (state.target !== target) setState({ target, run: create() });
  const { run } = state;
  // The same on the server (docs/decisions/0028): a run not started has nothing to show yet.
  useSyncExternalStore(run.subscribe, run.version, run.version);
  useEffect(() => {
    const stop = sessionExpiry.subscribe(() => {
      if (!sessionExpiry.isExpired()) run.signedIn();
    });
    return () => {
      stop();
    };
  }, [run]);
  const blocker = useBlocker({
    shouldBlockFn: () => run.running,
    enableBeforeUnload: () => run.running,
    withResolver: true,
  });
  return { run, blocker, refresh: () => api.refresh(target) };
}
