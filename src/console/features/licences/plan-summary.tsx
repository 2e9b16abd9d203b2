import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { PayPerUseBadge } from '@/console/components/centre-state';
import { fullName } from '@/console/domain/banners';
import { billingOf, type LicenceSummary, type Roster } from '@/console/domain/centre';
import { shownType } from '@/console/domain/plans';
import { useI18n } from '@/console/lib/i18n';
import type { SummaryRow } from '@/contract/schemas';
import classes from './licences.module.css';

/** How many holders of a usage licence a card names before it says "and N more". */
const NAMED_HOLDERS = 12;

/**
 * A card per plan of 4.7's summary (2.10): total, used and available with a meter; a USAGE plan
 * has no seats, so its card names the doctors holding a usage licence. Every shape of 4.7 draws
 * here: seats (shapes 1 and 2), pay-per-use (3), and a centre with no contract or no plan yet.
 */
export function PlanSummary({ summary, roster }: { summary: LicenceSummary; roster: Roster }) {
  const { t } = useI18n();
  if (summary.shape === 'no-contract') {
    const billing = billingOf(roster.billing);
    return (
      <Explanation
        title={t('licences.plans.noContract.title')}
        body={
          billing.mode === 'PARTNER_SELF' && billing.managedBy
            ? t('licences.plans.noContract.partner', { managedBy: billing.managedBy })
            : t('licences.plans.noContract.body')
        }
      />
    );
  }
  if (summary.summary.length === 0)
    return <Explanation title={t('licences.plans.none.title')} body={t('licences.plans.none.body')} />;
  return (
    <div className={classes.plans}>
      {summary.summary.map((row) =>
        shownType(row.type) === 'USAGE' ? (
          <UsageCard key="USAGE" row={row} roster={roster} />
        ) : (
          <SeatsCard key={shownType(row.type)} row={row} />
        ),
      )}
    </div>
  );
}

function Explanation({ title, body }: { title: string; body: string }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap={4}>
        <Text fw={600}>{title}</Text>
        <Text size="sm">{body}</Text>
      </Stack>
    </Paper>
  );
}

function SeatsCard({ row }: { row: SummaryRow }) {
  const { t, formatNumber } = useI18n();
  const titleId = useId();
  const plan = shownType(row.type);
  const over = row.total !== null && row.used > row.total;
  const percent = row.total ? Math.min(100, (row.used / row.total) * 100) : row.used > 0 ? 100 : 0;
  const figure = (value: number | null) => (value === null ? '—' : formatNumber(value));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {plan}
        </Title>
        <Progress
          value={Math.round(percent)}
          color={over ? 'red' : percent >= 100 ? 'orange' : 'blue'}
          aria-label={t('licences.plan.meter', { plan, used: row.used, total: row.total ?? 0 })}
        />
        <dl className={classes.figures}>
          <div>
            <dt>{t('licences.plan.total')}</dt>
            <dd>{figure(row.total)}</dd>
          </div>
          <div>
            <dt>{t('licences.plan.used')}</dt>
            <dd>{figure(row.used)}</dd>
          </div>
          <div>
            <dt>{t('licences.plan.available')}</dt>
            <dd>{figure(row.available)}</dd>
          </div>
        </dl>
        {over ? (
          <Alert role="note" color="red" variant="light" p="xs">
            <Text size="sm">{t('licences.plan.over', { count: row.used - (row.total ?? 0) })}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function UsageCard({ row, roster }: { row: SummaryRow; roster: Roster }) {
  const { t } = useI18n();
  const titleId = useId();
  const holders = roster.doctors.filter((doctor) => doctor.license?.type === 'USAGE').map(fullName);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {'USAGE'}
          </Title>
          <PayPerUseBadge />
        </Group>
        {/* 2.10: for USAGE, `used` counts the doctors who already hold their usage licence. */}
        <Text fw={600}>{t('licences.plan.usage.holders', { count: row.used })}</Text>
        <Text size="sm" c="dimmed">
          {t('licences.plan.usage.note')}
        </Text>
        {holders.length > 0 ? (
          <ul className={classes.holders}>
            {holders.slice(0, NAMED_HOLDERS).map((holder) => (
              <li key={holder.id}>{holder.name}</li>
            ))}
            {holders.length > NAMED_HOLDERS ? (
              <li>{t('licences.plan.usage.more', { count: holders.length - NAMED_HOLDERS })}</li>
            ) : null}
          </ul>
        ) : null}
      </Stack>
    </Paper>
  );
}
