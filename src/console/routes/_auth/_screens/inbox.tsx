import { createFileRoute } from '@tanstack/react-router';
import { InboxScreen } from '@/console/features/alerts/inbox-screen';

// One's alerts (docs/decisions/0026). Kept to the least the route tree needs, since the login
// page's budget carries every route's definition (docs/decisions/0027): no loader (the screen
// loads its words and data), the screen split, errors shown by the screens' layout.
export const Route = createFileRoute('/_auth/_screens/inbox')({
  component: InboxRoute,
});

function InboxRoute() {
  // The demo catches its e-mail (docs/decisions/0027): the inbox points to it.
  return <InboxScreen demo={Route.useRouteContext().environment.kind === 'demo'} />;
}
