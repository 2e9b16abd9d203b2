import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useErrorText } from '@/console/components/feedback';
import type { Action } from '@/console/domain/contract-actions';
import type { Outcome } from '@/console/domain/contract-events';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { Answer, Unfit } from './answers.ts';
import { outcomeWords, shortEventId } from '@/console/lib/outcome-words';
import type { PendingAction } from './pending-action.ts';
import type { ShownAnswer } from './use-contract-sender.ts';

export const ACTION_NAME: Record<Action, MessageKey> = {
  create: 'contract.action.create',
  'change-seats': 'contract.action.changeSeats',
  'to-usage': 'contract.action.toUsage',
  'change-consultations': 'contract.action.changeConsultations',
  'to-seats': 'contract.action.toSeats',
  cancel: 'contract.action.cancel',
  reactivate: 'contract.action.reactivate',
};

/**
 * The action this tab sent and has no answer for (docs/decisions/0016): on its way, or lost (a
 * timeout, the connection, an ended session). Retry sends the same event id, which the service
 * applies at most once (D8).
 */
export function PendingPanel({
  pending,
  shown,
  sending,
  onRetry,
  onDiscard,
}: {
  pending: PendingAction;
  shown: ShownAnswer | undefined;
  sending: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t, formatDateTime, formatUtc } = useI18n();
  const action = t(ACTION_NAME[pending.action]);
  const since = new Date(pending.since);
  if (sending)
    return (
      <Notice announce="status" colour="blue" title={t('contract.pending.sending', { action })}>
        <Text size="sm">{t('contract.pending.sendingBody', { id: shortEventId(pending.request.id) })}</Text>
      </Notice>
    );
  const answer = shown?.answer;
  const signedOut = answer?.outcome.kind === 'unanswered' && answer.outcome.why === 'signed-out';
  const body: MessageKey = signedOut ? 'contract.pending.signedOut' : 'contract.pending.unknownBody';
  return (
    <Notice announce="alert" colour="red" title={t('contract.pending.unknown', { action })}>
      <Stack gap="xs">
        <Text size="sm" title={t('time.utc', { utc: formatUtc(since) })}>
          {t('contract.pending.sent', { id: shortEventId(pending.request.id), time: formatDateTime(since) })}
        </Text>
        {answer ? <LastAttempt outcome={answer.outcome} /> : null}
        <Text size="sm">{t(body)}</Text>
        <Group gap="sm">
          <Button color="red" onClick={onRetry}>
            {t('contract.pending.retry')}
          </Button>
          <Button variant="default" onClick={onDiscard}>
            {t('contract.pending.discard')}
          </Button>
        </Group>
        <Text size="xs">{t('contract.pending.discardHelp')}</Text>
      </Stack>
    </Notice>
  );
}

/** The answer in the event log's own words and status, so the panel and the log agree. */
function LastAttempt({ outcome }: { outcome: Outcome }) {
  const { t } = useI18n();
  return (
    <Text size="sm">{t('contract.pending.lastAttempt', { result: outcomeWords(t, outcome).words })}</Text>
  );
}

function ErrorWords({ error }: { error: unknown }) {
  const { message, serverMessage } = useErrorText(error);
  return <Text size="sm">{serverMessage ? `${message} ${serverMessage}` : message}</Text>;
}

/** Another tab of this browser holds this centre's pending action. */
export function ElsewhereNotice() {
  const { t } = useI18n();
  return (
    <Notice announce="status" colour="blue" title={t('contract.elsewhere.title')}>
      <Text size="sm">{t('contract.elsewhere.body')}</Text>
    </Notice>
  );
}

const UNFIT: Record<Exclude<Unfit['case'], 'below-assigned'>, MessageKey> = {
  'create-while-active': 'contract.answer.unfit.createWhileActive',
  'no-contract': 'contract.answer.unfit.noContract',
  'already-cancelled': 'contract.answer.unfit.alreadyCancelled',
  'usage-while-cancelled': 'contract.answer.unfit.usageWhileCancelled',
  other: 'contract.answer.unfit.other',
};

/** The service's answer, in words, with the next step (spec §7, D3, D8). */
export function AnswerPanel({ shown }: { shown: ShownAnswer }) {
  const { t } = useI18n();
  const { answer } = shown;
  const action = t(ACTION_NAME[shown.action]);
  const id = shortEventId(shown.request.id);
  switch (answer.kind) {
    case 'applied':
      return (
        <Notice announce="status" colour="cyan" title={t('contract.answer.applied.title')}>
          <Text size="sm">{t('contract.answer.applied.body', { action, id })}</Text>
        </Notice>
      );
    case 'already-applied':
      return (
        <Notice announce="status" colour="cyan" title={t('contract.answer.alreadyApplied.title')}>
          <Text size="sm">{t('contract.answer.alreadyApplied.body', { action, id })}</Text>
        </Notice>
      );
    case 'unanswered':
      // PendingPanel explains these, with Retry.
      return null;
    case 'refused':
      return (
        <Refusal
          title={t('contract.answer.refused', { action })}
          body={
            <>
              <LastAttempt outcome={answer.outcome} />
              <ErrorWords error={answer.error} />
            </>
          }
        />
      );
    default:
      return (
        <Refusal
          title={t('contract.answer.refused', { action })}
          body={<Text size="sm">{refusalWords(t, answer)}</Text>}
          serverMessage={answer.kind === 'unfit' ? answer.serverMessage : undefined}
        />
      );
  }
}

type T = ReturnType<typeof useI18n>['t'];

function refusalWords(
  t: T,
  answer: Extract<Answer, { kind: 'forbidden' | 'unknown-centre' | 'not-self-billed' | 'unfit' }>,
): string {
  switch (answer.kind) {
    case 'forbidden':
      return t('contract.answer.forbidden');
    case 'unknown-centre':
      return t('contract.answer.unknownCentre');
    case 'not-self-billed':
      return t('contract.answer.notSelfBilled');
    case 'unfit':
      return answer.unfit.case === 'below-assigned'
        ? t('contract.answer.unfit.belowAssigned', {
            plan: answer.unfit.plan,
            assigned: answer.unfit.assigned,
            asked: answer.unfit.asked,
          })
        : t(UNFIT[answer.unfit.case]);
  }
}

function Refusal({
  title,
  body,
  serverMessage,
}: {
  title: string;
  body: ReactNode;
  serverMessage?: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <Notice announce="alert" colour="red" title={title}>
      <Stack gap={4}>
        {body}
        {serverMessage ? (
          <Text size="sm">{t('contract.answer.serviceSaid', { message: serverMessage })}</Text>
        ) : null}
      </Stack>
    </Notice>
  );
}

/**
 * Mantine's Alert, announced: `alert` (read out at once) for what went wrong or is unknown,
 * `status` (read when the reader is idle) for progress and success.
 */
function Notice({
  announce,
  colour,
  title,
  children,
}: {
  announce: 'alert' | 'status';
  colour: 'red' | 'blue' | 'cyan';
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert color={colour} role={announce} title={title}>
      {children}
    </Alert>
  );
}
