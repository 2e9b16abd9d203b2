import { createFileRoute, redirect } from '@tanstack/react-router';
import { centreTabsFor } from '@/console/app/centre-tabs';

// A centre's page opens on its first tab; with none built for this environment, the header alone.
export const Route = createFileRoute('/_auth/_screens/centres/$centreId/')({
  beforeLoad: ({ context, params }) => {
    const [first] = centreTabsFor(
      context.environment.operations,
      params.centreId === context.session.providerId,
    );
    if (first) throw redirect({ to: first.to, params, replace: true });
  },
});
