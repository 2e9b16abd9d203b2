import { createFileRoute, redirect } from '@tanstack/react-router';

// Centres is the only screen so far (issue 5); the overview arrives with its own issue.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/centres' });
  },
});
