import { billingText, stateText } from '@/console/components/centre-state';
import { SEAT_PLANS } from '@/console/domain/plans';
import type { I18n } from '@/console/lib/i18n';
import type { CsvColumn } from './overview-csv.ts';
import type { OverviewRow } from './overview-rules.ts';

/**
 * The export's columns: one row per centre, plain values a spreadsheet can sum and sort (numbers
 * as numbers, instants as ISO 8601 UTC), headers and words in the UI language.
 */
const seatsOf = (row: OverviewRow, plan: string) => row.facts?.seats.find((seats) => seats.plan === plan);
/** A centre still loading (or failed) has empty cells, and says so in its own column. */
const loaded = (row: OverviewRow, value: (facts: NonNullable<OverviewRow['facts']>) => string | number) =>
  row.facts ? value(row.facts) : '';

export function csvColumns(t: I18n['t']): CsvColumn[] {
  return [
    { header: t('overview.csv.id'), value: (row) => row.centre.id },
    { header: t('overview.csv.name'), value: (row) => row.centre.name },
    { header: t('overview.csv.country'), value: (row) => row.centre.country },
    { header: t('overview.csv.city'), value: (row) => row.centre.city ?? '' },
    {
      header: t('overview.csv.loaded'),
      value: (row) =>
        row.load.status === 'ready'
          ? t('overview.csv.loaded.yes')
          : row.load.status === 'error'
            ? t('overview.csv.loaded.failed')
            : t('overview.csv.loaded.pending'),
    },
    {
      header: t('overview.column.billing'),
      value: (row) => loaded(row, (facts) => billingText(t, facts.billing)),
    },
    {
      header: t('overview.column.status'),
      value: (row) => loaded(row, (facts) => stateText(t, facts.state)),
    },
    {
      header: t('licences.payPerUse'),
      value: (row) =>
        loaded(row, (facts) => (facts.payPerUse ? t('overview.csv.yes') : t('overview.csv.no'))),
    },
    ...SEAT_PLANS.flatMap((plan): CsvColumn[] => [
      {
        header: t('overview.csv.used', { plan }),
        value: (row) => loaded(row, () => seatsOf(row, plan)?.used ?? 0),
      },
      {
        header: t('overview.csv.total', { plan }),
        value: (row) => loaded(row, () => seatsOf(row, plan)?.total ?? 0),
      },
    ]),
    {
      header: t('overview.csv.usage'),
      value: (row) => loaded(row, () => seatsOf(row, 'USAGE')?.used ?? 0),
    },
    {
      header: t('overview.column.pending'),
      value: (row) =>
        loaded(row, (facts) =>
          facts.pending === null
            ? ''
            : t(
                facts.pending.kind === 'downgrade' ? 'overview.pending.downgrade' : 'overview.pending.switch',
              ),
        ),
    },
    {
      header: t('overview.csv.pendingOn'),
      value: (row) => loaded(row, (facts) => facts.pending?.on.toISOString() ?? ''),
    },
    {
      header: t('overview.column.attention'),
      value: (row) =>
        loaded(row, (facts) => facts.reasons.map((reason) => t(`overview.reason.${reason}`)).join('; ')),
    },
  ];
}
