import { isApiError } from '@/contract/api-error-value';
import type { MessageKey } from './i18n/index.tsx';

/** An error as words for the user: the server's message when there is one (D2), else its meaning (§7). */
export function errorMessageKey(error: unknown): MessageKey {
  if (!isApiError(error)) return 'error.generic';
  switch (error.meaning) {
    case 'unauthenticated':
      return 'error.unauthenticated';
    case 'forbidden':
      return 'error.forbidden';
    case 'not-found':
      return 'error.notFound';
    case 'upstream-unavailable':
    case 'server-error':
      return 'error.unavailable';
    case 'upstream-timeout':
    case 'timeout':
      return 'error.timeout';
    case 'network-error':
      return 'error.network';
    case 'unexpected-response':
      return 'error.unexpected';
    default:
      return 'error.generic';
  }
}
