import type { NotificationData } from '@mantine/notifications';
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

/**
 * Shows a notification. Mantine's package comes in one piece, so it is imported here on use rather
 * than by each screen: the host above has usually loaded it already.
 */
export async function notify(notification: NotificationData): Promise<void> {
  const { notifications } = await import('@mantine/notifications');
  notifications.show(notification);
}
