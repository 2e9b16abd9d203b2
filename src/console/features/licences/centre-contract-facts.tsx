import { Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { licenceSummaryQueryOptions } from '@/console/api/get-licenses';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { billingText, PayPerUseBadge, StateBadge } from '@/console/components/centre-state';
import { billingOf, isPayPerUse, standingOf, stateOf } from '@/console/domain/centre';
import { useI18n } from '@/console/lib/i18n';
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
        <Text>{billingText(t, billingOf(roster.data.billing))}</Text>
      </Fact>
      <Fact label={t('licences.facts.status')}>
        <Group gap="xs">
          <StateBadge state={standingOf(stateOf(summary.data, roster.data))} />
          {isPayPerUse(summary.data) ? <PayPerUseBadge /> : null}
        </Group>
      </Fact>
    </div>
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
