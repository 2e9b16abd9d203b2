import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { isChunkLoadError } from '@/console/lib/error-message';
import { serverReachable } from '@/console/lib/reachability';
import { ErrorPanel } from './feedback.tsx';

/**
 * A route's error (TanStack Router's errorComponent) with a retry. For data, the retry loads the
 * route again. For a screen whose code did not arrive, it first asks whether the server answers:
 * if it does, the page reloads (the file may belong to a version replaced since), and if not, the
 * offline panel stays and says so.
 */
export function RouteError({ error }: { error: unknown }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  return (
    <ErrorPanel
      error={error}
      onRetry={async () => {
        if (isChunkLoadError(error)) {
          if (!(await serverReachable())) return false;
          globalThis.location.reload();
          return true;
        }
        queryErrorResetBoundary.reset();
        await router.invalidate();
        return true;
      }}
    />
  );
}
