import { Badge, Drawer, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { doctorLicencesQueryOptions } from '@/console/api/get-licenses';
import { ErrorPanel, NotFoundPanel } from '@/console/components/feedback';
import { LocalTime } from '@/console/components/local-time';
import { useI18n } from '@/console/lib/i18n';
import { shownType } from '@/console/domain/plans';
import { means } from '@/console/lib/error-message';
import type { UserLicenseDetail } from '@/contract/schemas';
import { EnabledBadge } from './licences-by-type.tsx';
import classes from './licences.module.css';

/**
 * One doctor's licences (4.7 `userId`), every field of 2.12, in a drawer the URL opens
 * (`?doctor=<id>`): support staff paste a link to exactly what they see. `knownName` is the doctor's
 * name when the centre's list already holds it, so the title does not wait for the answer.
 */
export function DoctorLicencesDrawer({
  centreId,
  userId,
  knownName,
  onClose,
}: {
  centreId: number;
  /** The external doctor id (4.7 `userId`); empty: closed. */
  userId: string;
  knownName: string | undefined;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const opened = userId !== '';
  const query = useQuery({ ...doctorLicencesQueryOptions(centreId, userId), enabled: opened });
  const first = query.data?.licenses[0];
  const name = knownName ?? (first ? `${first.name} ${first.lastname}`.trim() : undefined);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={name ? t('licences.drawer.title', { name }) : t('licences.drawer.titleId', { id: userId })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The scroll lock injects a <style> tag without the proxy's CSP nonce, which the strict CSP
      // refuses (as for the app's modals, app/theme.ts); the overlay keeps the page out of reach.
      lockScroll={false}
    >
      {!opened ? null : query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={24} width="60%" />
          <Skeleton height={160} />
        </Stack>
      ) : query.isError ? (
        means(query.error, 'not-found') ? (
          <NotFoundPanel
            title={t('licences.drawer.notRegistered')}
            body={t('licences.drawer.notRegistered.body', { id: userId })}
          />
        ) : (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : query.data.licenses.length === 0 ? (
        <Text>{t('licences.drawer.none')}</Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('licences.drawer.doctorId', { id: userId })}
          </Text>
          {query.data.licenses.map((licence) => (
            <LicenceFields key={licence.id} licence={licence} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

/** Every field of 2.12; the spaced dates are UTC (D10) and shown in local time. */
function LicenceFields({ licence }: { licence: UserLicenseDetail }) {
  const { t, formatNumber } = useI18n();
  const type = shownType(licence.type);
  const when = (value: Date | null | undefined) =>
    value ? <LocalTime value={value} /> : t('licences.field.never');
  const fields: [string, ReactNode][] = [
    [t('licences.field.id'), String(licence.id)],
    [t('licences.field.type'), type],
    [t('licences.field.state'), <EnabledBadge key="state" enabled={licence.isEnabled} />],
    [t('licences.field.usage'), formatNumber(licence.currentUsage)],
    [
      t('licences.field.limit'),
      licence.limit === null ? t('licences.field.noLimit') : formatNumber(licence.limit),
    ],
    [
      t('licences.field.expiresAt'),
      licence.expiresAt ? <LocalTime key="expires" value={licence.expiresAt} /> : '—',
    ],
    [t('licences.field.lastUsedAt'), when(licence.lastUsedAt)],
    [t('licences.field.createdAt'), <LocalTime key="created" value={licence.createdAt} />],
    [t('licences.field.updatedAt'), <LocalTime key="updated" value={licence.updatedAt} />],
    [t('licences.field.name'), `${licence.name} ${licence.lastname}`.trim() || '—'],
    [t('licences.field.userId'), licence.userId],
  ];
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('licences.drawer.licence', { type, id: licence.id })}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h5">
            {type}
          </Title>
          {licence.limit !== null && licence.currentUsage >= licence.limit ? (
            <Badge variant="light" color="pink">
              {t('licences.drawer.atLimit')}
            </Badge>
          ) : null}
        </Group>
        <dl className={classes.fields}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}
