import { lazy, Suspense, type ComponentType } from 'react';

type Container = ComponentType<{ position: 'top-right' }>;

// Mantine's notification container loads after the layout has painted: nothing shows a
// notification before the user has acted. Without a connection it renders nothing rather than
// failing the page (the notifications themselves wait in Mantine's store).
const Notifications = lazy(async (): Promise<{ default: Container }> => {
  try {
    const module = await import('@mantine/notifications');
    return { default: module.Notifications };
  } catch {
    return { default: () => null };
  }
});

export function NotificationsHost() {
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
