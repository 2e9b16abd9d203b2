import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { childCenterCredentialsKeys } from '@/console/api/get-child-center-credentials';

const RevealDialog = lazy(() =>
  import('./reveal-dialog.tsx').then((module) => ({ default: module.RevealDialog })),
);

/** 4.4 on an explicit click only; nothing of it stays in the page or the cache once closed. */
export function RevealCredentials({
  providerId,
  centreId,
  name,
}: {
  providerId: number;
  centreId: number;
  name: string;
}) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const close = () => {
    setOpened(false);
    queryClient.removeQueries({ queryKey: childCenterCredentialsKeys.of(providerId, centreId) });
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('reveal.button')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <RevealDialog providerId={providerId} centreId={centreId} name={name} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
