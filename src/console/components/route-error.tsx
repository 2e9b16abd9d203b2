import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ErrorPanel } from './error-panel.tsx';

/** A route's error with a retry that runs its loader again (TanStack Router's errorComponent). */
export function RouteError({ error }: { error: unknown }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  return (
    <ErrorPanel
      error={error}
      onRetry={() => {
        queryErrorResetBoundary.reset();
        void router.invalidate();
      }}
    />
  );
}
