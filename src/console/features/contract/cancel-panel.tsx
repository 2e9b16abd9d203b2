import { Button, Group, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import type { Contract } from '@/console/domain/centre';
import { previewOf } from './preview.ts';
import { PreviewView } from './preview-view.tsx';

// The dialog (Mantine's Modal and its focus trap) loads when it is first opened: the route chunk
// budget is 35 kB gzip.
const CancelDialog = lazy(() =>
  import('./cancel-dialog.tsx').then((module) => ({ default: module.CancelDialog })),
);

export interface CancelPanelProps {
  now: Contract;
  centreName: string;
  blocked: boolean;
  sending: boolean;
  onSend: () => void;
}

/**
 * A cancellation (spec 3.2, `customer.subscription.deleted`) says what it does, and is confirmed by
 * typing the centre's name: every licence goes off at once.
 */
export function CancelPanel({ now, centreName, blocked, sending, onSend }: CancelPanelProps) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const preview = previewOf(now, 'cancel', { model: 'seats' });
  return (
    <Stack gap="md">
      <PreviewView preview={preview} />
      <Group>
        <Button
          color="red"
          variant="light"
          disabled={blocked || sending}
          loading={sending}
          onClick={() => {
            setEverOpened(true);
            setOpened(true);
          }}
        >
          {t('contract.cancel.open')}
        </Button>
      </Group>
      {everOpened ? (
        <Suspense fallback={null}>
          <CancelDialog
            opened={opened}
            centreName={centreName}
            preview={preview}
            disabled={blocked || sending}
            onClose={() => setOpened(false)}
            onConfirm={() => {
              setOpened(false);
              onSend();
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
