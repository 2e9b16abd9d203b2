import { lazy, Suspense, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { AnchorLink } from '@/console/components/links';
import { useNotify } from '@/console/components/notifications-host';
import { useI18n } from '@/console/lib/i18n';
import type { ChildCreation, ChildListItem } from '@/contract/schemas';
import { createDraftKey, useRestoredCreate } from './create-draft.ts';

// The create form (react-hook-form, the country picker) and the credentials dialog load on first
// use: they are most of the list's weight and the route chunk budget is 35 kB gzip.
const CreateCentreDialog = lazy(() =>
  import('./create-centre-dialog.tsx').then((module) => ({ default: module.CreateCentreDialog })),
);
const CredentialsDialog = lazy(() =>
  import('./credentials-dialog.tsx').then((module) => ({ default: module.CredentialsDialog })),
);

const ARRIVED_FOR_MS = 3000;

export interface CreateFlowHandle {
  open: () => void;
}

/**
 * Creating a centre (4.3): the form, then its credentials, shown once; once they are stored, a
 * notification with a link to the new centre's page, and `onArrived` with its id for a moment, so
 * that the list can scroll its row into view and mark it.
 */
export function CreateFlow({
  ref,
  providerId,
  centres,
  onArrived,
}: {
  ref: Ref<CreateFlowHandle>;
  /** The provider signed in (a re-login's draft is its own: create-draft.ts). */
  providerId: number;
  /** The centres there are (a second one of the same name in the same city asks first). */
  centres: readonly ChildListItem[];
  onArrived: (centreId: number | undefined) => void;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const restored = useRestoredCreate(providerId);
  const [creating, setCreating] = useState(restored?.opened ?? false);
  const [creatingEver, setCreatingEver] = useState(restored !== undefined);
  const [created, setCreated] = useState<{ name: string; creation: ChildCreation } | null>(null);
  const [arrived, setArrived] = useState<number | undefined>(undefined);
  useImperativeHandle(ref, () => ({
    open: () => {
      setCreatingEver(true);
      setCreating(true);
    },
  }));
  useEffect(() => {
    onArrived(arrived);
    if (arrived === undefined) return;
    const timer = setTimeout(() => setArrived(undefined), ARRIVED_FOR_MS);
    return () => clearTimeout(timer);
  }, [arrived, onArrived]);

  const announce = (name: string, creation: ChildCreation) => {
    setArrived(creation.providerId);
    void notify({
      title: t('create.done.title', { name }),
      message: (
        <AnchorLink to="/centres/$centreId" params={{ centreId: creation.providerId }}>
          {t('create.done.open')}
        </AnchorLink>
      ),
      autoClose: 10_000,
    });
  };

  return (
    <Suspense fallback={null}>
      {/* Mounted from the first click on and kept, so that what was typed survives closing it. */}
      {creatingEver ? (
        <CreateCentreDialog
          draftKey={createDraftKey(providerId)}
          restored={restored}
          centres={centres}
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(name, creation) => {
            setCreating(false);
            setCreated({ name, creation });
          }}
        />
      ) : null}
      {created ? (
        <CredentialsDialog
          name={created.name}
          creation={created.creation}
          onClose={() => {
            setCreated(null);
            announce(created.name, created.creation);
          }}
        />
      ) : null}
    </Suspense>
  );
}
