import { createFileRoute } from '@tanstack/react-router';
import { DemoMailScreen } from '@/console/features/demo-mail/demo-mail-screen';

// The demo's caught e-mail (docs/decisions/0027). Not /demo/mail: that is the proxy's own call on
// the same origin, which a full page load of the screen would reach instead (docs/decisions/0023).
// Kept to the least the route tree needs, since the login page's budget carries every route's
// definition (docs/decisions/0027): no loader (the screen loads its words), the screen split, and
// errors shown by the screens' layout (_screens.tsx), inside the shell.
export const Route = createFileRoute('/_auth/_screens/demo-mail')({
  component: DemoMailScreen,
});
