import { Text } from '@mantine/core';
import { AnchorLink } from '@/console/components/links';
import { PagedTable, type Column } from '@/console/components/paged-table';
import { useI18n, type I18n } from '@/console/lib/i18n';
import type { Paging } from '@/console/lib/paging';
import type { ReportTemplate } from '@/contract/schemas';
import { OwnerBadge } from './owner-badge.tsx';
import { ownerOf } from './answers.ts';
import { kindWords, specialityWords } from './template-words.ts';

interface TemplatesTableProps {
  centreId: number;
  rows: readonly ReportTemplate[];
  total: number;
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
  loading: boolean;
}

/** One page of templates (2.13) in the shared paged table. */
export function TemplatesTable({
  centreId,
  rows,
  total,
  paging,
  onPagingChange,
  loading,
}: TemplatesTableProps) {
  const { t } = useI18n();
  return (
    <PagedTable
      caption={t('templates.table')}
      columns={columnsOf(t, centreId)}
      rows={rows}
      rowKey={(row) => row.id}
      total={total}
      paging={paging}
      onPagingChange={onPagingChange}
      loading={loading}
    />
  );
}

/** A template's name: a link to its drawer (`?template=<id>`): it opens in a new tab, is shared, and back closes it. */
function NameLink({ centreId, template }: { centreId: number; template: ReportTemplate }) {
  const { t } = useI18n();
  return (
    <AnchorLink
      to="/centres/$centreId/templates"
      params={{ centreId }}
      search={(previous) => ({ ...previous, template: template.id })}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {template.name === '' ? t('templates.none') : template.name}
    </AnchorLink>
  );
}

function columnsOf(t: I18n['t'], centreId: number): Column<ReportTemplate>[] {
  return [
    {
      key: 'name',
      header: t('templates.column.name'),
      cell: (row) => <NameLink centreId={centreId} template={row} />,
    },
    {
      key: 'description',
      header: t('templates.column.description'),
      cell: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.description === '' ? t('templates.none') : row.description}
        </Text>
      ),
      wideOnly: true,
    },
    {
      key: 'kind',
      header: t('templates.column.kind'),
      // 2.13: a numeric kind whose meanings the spec does not give: its number, said so, as in
      // the drawer (the explanation on hover).
      cell: (row) => (
        <Text size="sm" span title={t('templates.kind.unnamed')}>
          {kindWords(t, row.type)}
        </Text>
      ),
      wideOnly: true,
    },
    {
      key: 'speciality',
      header: t('templates.column.speciality'),
      // 2.13: 0 marks a template of no speciality; the list of specialities is not shown (2.2).
      cell: (row) => specialityWords(t, row.specialityId),
      wideOnly: true,
    },
    {
      key: 'validated',
      header: t('templates.column.validated'),
      cell: (row) => (row.isValidated ? t('templates.validated.yes') : t('templates.validated.no')),
    },
    {
      key: 'owner',
      header: t('templates.column.owner'),
      cell: (row) => <OwnerBadge owner={ownerOf(row)} />,
    },
  ];
}
