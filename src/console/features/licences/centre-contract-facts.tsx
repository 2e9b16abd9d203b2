import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { licenceSummaryQueryOptions } from '@/console/api/get-licenses';
import { useI18n } from '@/console/lib/i18n';
import { billingWordsOf, type BillingWords } from './banners.ts';
import { contractStateOf, isPayPerUse, type ContractState } from './facts.ts';
import classes from './licences.module.css';

/**
 * What the centre's header says about its contract, above every tab: who bills it (2.9), the
 * contract's state (3.1, 2.8) and whether it is pay-per-use (2.11). Built from the same queries as
 * the Licences tab, so the two never disagree; a failure here leaves the header usable and the tab
 * says what went wrong.
 */
export function CentreContractFacts({ centreId }: { centreId: number }) {
  const { t } = useI18n();
  const summary = useQuery(licenceSummaryQueryOptions(centreId));
  const roster = useQuery(everyDoctorWithLicensesQueryOptions(centreId));
  if (summary.isPending || roster.isPending)
    return (
      // Laid out as the facts are and at their heights, so that they replace it without a shift.
      <div className={classes.facts} aria-busy="true">
        <Skeleton height={42} width={220} />
        <Skeleton height={37} width={120} />
      </div>
    );
  if (summary.isError || roster.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('licences.facts.unavailable')}
      </Text>
    );
  return (
    <div className={classes.facts}>
      <Fact label={t('licences.facts.billing')}>
        <Text>{billingText(t, billingWordsOf(roster.data.billing))}</Text>
      </Fact>
      <Fact label={t('licences.facts.status')}>
        <Group gap="xs">
          <StateBadge state={contractStateOf(summary.data, roster.data)} />
          {isPayPerUse(summary.data) ? (
            <Badge variant="light" color="grape">
              {t('licences.payPerUse')}
            </Badge>
          ) : null}
        </Group>
      </Fact>
    </div>
  );
}

type T = ReturnType<typeof useI18n>['t'];

/** 2.9 in words: the service's portal (PROCESSOR) or the parent that bills it (PARTNER_SELF). */
export function billingText(t: T, billing: BillingWords): string {
  if (billing.mode === 'PROCESSOR') return t('licences.billing.processor');
  if (billing.mode === 'PARTNER_SELF')
    return billing.managedBy
      ? t('licences.billing.partner', { managedBy: billing.managedBy })
      : t('licences.billing.parent');
  return t('licences.billing.other', { mode: billing.value });
}

// Tinted badges whose text passes WCAG AA contrast (teal, green, orange and yellow do not).
const STATE_COLOUR: Record<Exclude<ContractState, { unknown: string }>, string> = {
  active: 'cyan',
  suspended: 'red',
  cancelled: 'red',
  'no-contract': 'gray',
  'no-licences': 'gray',
};

export function StateBadge({ state }: { state: ContractState }) {
  const { t } = useI18n();
  if (typeof state !== 'string')
    return (
      <Badge variant="light" color="gray">
        {t('licences.state.unknown', { status: state.unknown })}
      </Badge>
    );
  return (
    <Badge variant="light" color={STATE_COLOUR[state]}>
      {t(`licences.state.${state}`)}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}
