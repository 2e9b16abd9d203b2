import { Badge, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { licencesByTypeQueryOptions } from '@/console/api/get-licenses';
import { ErrorPanel } from '@/console/components/feedback';
import { LocalTime } from '@/console/components/local-time';
import { AnchorLink } from '@/console/components/links';
import { LICENCE_TYPES, type LicenceType } from '@/console/domain/plans';
import { useI18n } from '@/console/lib/i18n';
import type { UserLicenseDetail } from '@/contract/schemas';
import classes from './licences.module.css';

/**
 * The centre's licences of one type (4.7 `type`, D7: shape 4's `licenses`), each with its holder,
 * enabled state, usage of its limit and expiry. The holder opens that doctor's licences drawer.
 */
export function LicencesByType({
  centreId,
  type,
  onTypeChange,
}: {
  centreId: number;
  type: LicenceType;
  onTypeChange: (type: LicenceType) => void;
}) {
  const { t } = useI18n();
  const query = useQuery(licencesByTypeQueryOptions(centreId, type));
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('licences.byType.filter')}
        value={type}
        onChange={(value) => {
          const chosen = LICENCE_TYPES.find((candidate) => candidate === value);
          if (chosen) onTypeChange(chosen);
        }}
        data={LICENCE_TYPES.map((value) => ({ value, label: value }))}
        w="fit-content"
        maw="100%"
      />
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.licenses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('licences.byType.empty', { type })}
        </Text>
      ) : (
        <LicenceTable centreId={centreId} type={type} licences={query.data.licenses} />
      )}
    </Stack>
  );
}

function LicenceTable({
  centreId,
  type,
  licences,
}: {
  centreId: number;
  type: LicenceType;
  licences: readonly UserLicenseDetail[];
}) {
  const { t, language, formatNumber } = useI18n();
  // Ordered as the service orders doctors (D6: last name, first name, id), in the UI's collation.
  const rows = useMemo(() => {
    const collator = new Intl.Collator(language, { sensitivity: 'base' });
    return licences.toSorted(
      (a, b) =>
        collator.compare(a.lastname, b.lastname) ||
        collator.compare(a.name, b.name) ||
        collator.compare(a.userId, b.userId),
    );
  }, [licences, language]);
  return (
    <div className={classes.tableScroller}>
      <Table aria-label={t('licences.byType.label', { type })} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('licences.column.holder')}</Table.Th>
            <Table.Th className={classes.wideState}>{t('licences.column.state')}</Table.Th>
            <Table.Th>{t('licences.column.usage')}</Table.Th>
            <Table.Th>{t('licences.column.expires')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((licence) => (
            <Table.Tr key={licence.id}>
              <Table.Td>
                <AnchorLink
                  to="/centres/$centreId/licences"
                  params={{ centreId }}
                  search={{ type, doctor: licence.userId }}
                >
                  {`${licence.name} ${licence.lastname}`.trim() || licence.userId}
                </AnchorLink>
                <span className={classes.narrowState}>
                  <EnabledBadge enabled={licence.isEnabled} />
                </span>
              </Table.Td>
              <Table.Td className={classes.wideState}>
                <EnabledBadge enabled={licence.isEnabled} />
              </Table.Td>
              <Table.Td>
                {licence.limit === null
                  ? t('licences.usage.unlimited', { used: formatNumber(licence.currentUsage) })
                  : t('licences.usage.limited', {
                      used: formatNumber(licence.currentUsage),
                      limit: formatNumber(licence.limit),
                    })}
              </Table.Td>
              <Table.Td>{licence.expiresAt ? <LocalTime value={licence.expiresAt} /> : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useI18n();
  return (
    // Cyan, not teal: teal's tinted badge fails WCAG AA contrast.
    <Badge variant="light" color={enabled ? 'cyan' : 'gray'} className={classes.badge}>
      {enabled ? t('licences.enabled') : t('licences.disabled')}
    </Badge>
  );
}
