import { SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { contractEventsQueryOptions, type CentreContractEvents } from '@/console/api/contract-events';
import { licenceSummaryQueryOptions } from '@/console/api/get-licenses';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { EmptyState, NotFoundPanel } from '@/console/components/feedback';
import { useRights } from '@/console/api/person-session';
import { AnchorLink } from '@/console/components/links';
import { PermissionNote } from '@/console/components/permission-note';
import { contractOf } from '@/console/domain/centre';
import { actionsFor, contractAvailability, type Action } from '@/console/domain/contract-actions';
import { eventKindsOf } from '@/console/domain/contract-events';
import { may } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';
import { CancelPanel } from './cancel-panel.tsx';
import { CurrentContract } from './current-contract.tsx';
import { EventList } from './event-list.tsx';
import { ActionForm } from './load-action-form.ts';
import { whyNoActions } from './no-actions.tsx';
import { ACTION_NAME, AnswerPanel, ElsewhereNotice, PendingPanel } from './status-panels.tsx';
import { useContractSender } from './use-contract-sender.ts';

/** The newest events the tab shows; the log page holds every one (up to the proxy's bound). */
const EVENTS_ON_TAB = 10;

export interface ContractScreenProps {
  environment: string;
  /** The signed-in provider (the parent). */
  providerId: number;
  centreId: number;
  /** The centre's name, typed to confirm a cancellation; undefined for a centre's own login. */
  centreName: string | undefined;
}

/**
 * A centre's Contract tab (spec 3.2, 4.8, 6; D8): the contract now, the actions its state allows,
 * each with a preview before it is sent, the answer in words, and the centre's contract events.
 */
export function ContractScreen({ environment, providerId, centreId, centreName }: ContractScreenProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const summary = useSuspenseQuery(licenceSummaryQueryOptions(centreId));
  const roster = useSuspenseQuery(everyDoctorWithLicensesQueryOptions(centreId));
  const events = useSuspenseQuery(contractEventsQueryOptions(centreId));
  const narrow = useMediaQuery('(max-width: 36em)');
  const rights = useRights();
  const consultations = events.data.included;
  const now = contractOf(summary.data, roster.data, consultations);
  const sender = useContractSender({ environment, providerId, centreId }, async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...licenceSummaryQueryOptions(centreId), staleTime: 0 });
      return contractOf(fresh, roster.data, consultations);
    } catch {
      return undefined;
    }
  });
  const actions = actionsFor(now);
  const [chosen, setChosen] = useState<Action | undefined>(undefined);
  const action = chosen && actions.includes(chosen) ? chosen : actions[0];

  const availability = contractAvailability(centreName === undefined, roster.data.billing);
  const why = whyNoActions(t, availability);
  if (why) return <NotFoundPanel title={t('contract.none.title')} body={why} />;

  const blocked = sender.pending !== undefined || sender.elsewhere;
  return (
    <Stack gap="lg">
      <CurrentContract now={now} />
      {sender.pending ? (
        <PendingPanel
          pending={sender.pending}
          shown={sender.shown}
          sending={sender.sending}
          onRetry={sender.retry}
          onDiscard={sender.discard}
        />
      ) : null}
      {sender.elsewhere && !sender.pending ? <ElsewhereNotice /> : null}
      {sender.shown && !sender.pending ? <AnswerPanel shown={sender.shown} /> : null}
      <Stack gap="sm" component="section" aria-labelledby="contract-change">
        <Title order={2} size="h3" id="contract-change">
          {t('contract.change.title')}
        </Title>
        {!may(rights, 'contract.act') ? (
          // docs/decisions/0023: the contract and its events stay in view; the actions say why not.
          <PermissionNote rights={rights} permission="contract.act" />
        ) : action === undefined ? (
          <Text>{t('contract.change.none')}</Text>
        ) : (
          <>
            {actions.length > 1 ? (
              <SegmentedControl
                aria-label={t('contract.change.choose')}
                orientation={narrow ? 'vertical' : 'horizontal'}
                fullWidth={narrow}
                value={action}
                onChange={(value) => setChosen(actions.find((candidate) => candidate === value))}
                data={actions.map((candidate) => ({ value: candidate, label: t(ACTION_NAME[candidate]) }))}
                w={narrow ? '100%' : 'fit-content'}
              />
            ) : null}
            {action === 'cancel' ? (
              <CancelPanel
                now={now}
                centreName={centreName ?? String(centreId)}
                blocked={blocked}
                sending={sender.sending}
                onSend={() => sender.send('cancel', undefined)}
              />
            ) : (
              <Suspense fallback={<Skeleton height={160} aria-label={t('common.loading')} />}>
                <ActionForm
                  // A new form once an action is applied: it opens on the contract as it is now.
                  key={`${action}-${sender.applied}`}
                  action={action}
                  now={now}
                  blocked={blocked}
                  sending={sender.sending}
                  onSend={(items) => sender.send(action, items)}
                />
              </Suspense>
            )}
          </>
        )}
      </Stack>
      <CentreEvents log={events.data} centreId={centreId} />
    </Stack>
  );
}

/** The centre's newest contract events, and the way to the log page when there are more. */
function CentreEvents({ log, centreId }: { log: CentreContractEvents; centreId: number }) {
  const { t } = useI18n();
  const { events, more } = log;
  return (
    <Stack gap="sm" component="section" aria-labelledby="contract-events">
      <Title order={2} size="h3" id="contract-events">
        {t('contract.events.centreTitle')}
      </Title>
      {events.length === 0 ? (
        <EmptyState title={t('contract.events.empty')} body={t('contract.events.emptyCentre')} />
      ) : (
        <>
          <EventList events={events.slice(0, EVENTS_ON_TAB)} kinds={eventKindsOf(events)} />
          {events.length > EVENTS_ON_TAB ? (
            <AnchorLink to="/activity" search={{ action: 'contract.event', centre: centreId }}>
              {t(more ? 'contract.events.allMore' : 'contract.events.all', { count: events.length })}
            </AnchorLink>
          ) : null}
        </>
      )}
    </Stack>
  );
}
