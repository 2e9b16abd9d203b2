import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, type ComponentType } from 'react';
import { useI18n } from '@/console/lib/i18n';

type Container = ComponentType<{ position: 'bottom-right' }>;

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
      {/* At the bottom: at the top it covered the header (its search, language and theme). */}
      <Notifications position="bottom-right" />
    </Suspense>
  );
}

/**
 * Shows a notification, its close button named in the UI language. Mantine's package comes in one
 * piece, so it is imported here on use rather than by each screen: the host has usually loaded it.
 */
export function useNotify(): (notification: NotificationData) => Promise<void> {
  const { t } = useI18n();
  return async (notification) => {
    const { notifications } = await import('@mantine/notifications');
    notifications.show({ closeButtonProps: { 'aria-label': t('common.close') }, ...notification });
  };
}
