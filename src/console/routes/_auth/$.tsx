import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '@/console/components/page-not-found';

// Any path no other route knows: an in-app, translated 404 inside the shell, with a way back.
export const Route = createFileRoute('/_auth/$')({
  component: PageNotFound,
});
