import { createFileRoute, redirect } from '@tanstack/react-router';
import { navigationFor } from '@/console/app/navigation';
import { UnavailableHere } from '@/console/components/feedback';

// Home is the first screen this environment offers (D3: development offers fewer).
export const Route = createFileRoute('/_auth/')({
  beforeLoad: ({ context }) => {
    const [first] = navigationFor(context.environment.operations, { rights: context.session });
    if (first) throw redirect({ to: first.to });
  },
  component: NothingHere,
});

function NothingHere() {
  const { environment } = Route.useRouteContext();
  return <UnavailableHere environment={environment.kind} />;
}
