import { i18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { proxyClient } from '@/console/api/client';
import { sessionKeys } from '@/console/api/session';
import { ALERT_CONNECTION_PARAM } from '@/proxy-api/alert-links';
import { switchConnection, type Session } from '@/proxy-api/console';

// Issue 47 item 4: a person opens an alert's link (its e-mail, its chat post) that names the
// connection the alert came from, while working through another of theirs. Before the screen
// loads, the session moves to that connection, so that its centre is among theirs. The proxy
// decides whether they may (POST /auth/connection: only a connection they have a role on, a refusal
// recorded as access.denied); refused, or already there, the page opens as a link without it does.
// Loaded only when an address names one, by the login guard (routes/_auth.tsx).

/** Where to go once the link's connection is followed: the same address, without it. */
export async function followAlertLink(
  queryClient: QueryClient,
  session: Session,
  connectionId: string,
  location: ParsedLocation,
) {
  if (session.person && connectionId !== session.connection?.id) {
    const switched = await switchConnection(proxyClient, { connectionId });
    if (switched.ok) {
      // Everything cached was the previous connection's (api/person-session.ts does the same).
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.current(), switched.value);
      const label = switched.value.connection?.label;
      if (label !== undefined) void tell(i18n._('shell.connection.followed', { connection: label }));
    }
  }
  const search = new URLSearchParams(location.searchStr);
  search.delete(ALERT_CONNECTION_PARAM);
  const rest = search.toString();
  const hash = location.hash ? `#${location.hash}` : '';
  return redirect({ href: `${location.pathname}${rest ? `?${rest}` : ''}${hash}`, replace: true });
}

/** Says where the person now works, once the shell shows notifications (components/notifications-host.tsx). */
async function tell(message: string) {
  const { notifications } = await import('@mantine/notifications');
  notifications.show({ color: 'teal', message, closeButtonProps: { 'aria-label': i18n._('common.close') } });
}
