import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { environmentsQueryOptions, sessionQueryOptions } from '@/console/api/session';
import { FirstConnectionScreen } from '@/console/features/connections/first-connection-screen';
import { loadArea } from '@/console/lib/i18n';
import { AddConnectionForm } from '@/console/features/connections/load-add-connection-form';

// Where the organisation sign-in sends the first admin of a deployment with no connection yet
// (docs/decisions/0023): outside the shell, as the login page, since no session exists until the
// first connection does. Someone already signed in has nothing to do here.
export const Route = createFileRoute('/first-connection')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ to: '/' });
  },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(environmentsQueryOptions()),
      // The connection form's words, and `common.loading` of the shell's.
      loadArea('people'),
      loadArea('shell'),
      AddConnectionForm.preload(),
    ]),
  // One file for the screen and what it loads: a page few ever open, kept out of the entry, where
  // the login page's budget is (160 kB gzip).
  codeSplitGroupings: [['loader', 'component']],
  component: FirstConnectionRoute,
});

function FirstConnectionRoute() {
  const router = useRouter();
  const [environments] = Route.useLoaderData();
  return (
    <FirstConnectionScreen environments={environments} onStarted={() => void router.navigate({ to: '/' })} />
  );
}
