import { useSyncExternalStore } from 'react';

// A 401 in the middle of work opens the re-login dialog over the current page: the query client's
// global callbacks report it here and the authenticated layout listens. A tiny store instead of a
// React context, because the query client lives outside React.
let expired = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const sessionExpiry = {
  report() {
    if (expired) return;
    expired = true;
    emit();
  },
  resolve() {
    if (!expired) return;
    expired = false;
    emit();
  },
  isExpired: () => expired,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionExpired(): boolean {
  return useSyncExternalStore(sessionExpiry.subscribe, sessionExpiry.isExpired, sessionExpiry.isExpired);
}
