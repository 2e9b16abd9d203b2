import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { centresKeys } from './api.ts';

const RevealDialog = lazy(() =>
  import('./reveal-dialog.tsx').then((module) => ({ default: module.RevealDialog })),
);

/** 4.4 on an explicit click only; nothing of it stays in the page or the cache once closed. */
export function RevealCredentials({ providerId, centreId }: { providerId: number; centreId: number }) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const close = () => {
    setOpened(false);
    queryClient.removeQueries({ queryKey: centresKeys.credentials(providerId, centreId) });
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('reveal.button')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <RevealDialog providerId={providerId} centreId={centreId} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
