import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ChildCreation, ChildListItem } from '@/contract';
import { useI18n } from '@/console/lib/i18n';
import { childCentersQueryOptions } from './api.ts';
import { isSortField, SORT_FIELDS, visibleCentres, type CentresSearch } from './rules.ts';

import { ROW_HEIGHT } from './centres-skeleton.tsx';

// The create form (react-hook-form, the country picker) and the credentials dialog load on first
// use: they are most of this screen's weight and the route chunk budget is 35 kB gzip.
const CreateCentreDialog = lazy(() =>
  import('./create-centre-dialog.tsx').then((module) => ({ default: module.CreateCentreDialog })),
);
const CredentialsDialog = lazy(() =>
  import('./credentials-dialog.tsx').then((module) => ({ default: module.CredentialsDialog })),
);

export interface CentresScreenProps {
  providerId: number;
  search: CentresSearch;
  onSearchChange: (patch: Partial<CentresSearch>, options?: { replace?: boolean }) => void;
}

export function CentresScreen({ providerId, search, onSearchChange }: CentresScreenProps) {
  const { t, language, countryName } = useI18n();
  const { data } = useSuspenseQuery(childCentersQueryOptions(providerId));
  const [creating, setCreating] = useState(false);
  const [creatingEver, setCreatingEver] = useState(false);
  const openCreate = () => {
    setCreatingEver(true);
    setCreating(true);
  };
  const [created, setCreated] = useState<{ name: string; creation: ChildCreation } | null>(null);
  const collator = useMemo(
    () => new Intl.Collator(language, { sensitivity: 'base', numeric: true }),
    [language],
  );
  const rows = useMemo(
    () => visibleCentres(data.data, search, countryName, collator),
    [data.data, search, countryName, collator],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('centres.title')}
        </Title>
        <Button onClick={openCreate}>{t('centres.create')}</Button>
      </Group>
      {data.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h3">
              {t('centres.empty.title')}
            </Title>
            <Text>{t('centres.empty.body')}</Text>
            <Button onClick={openCreate}>{t('centres.create')}</Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('centres.search')}
              placeholder={t('centres.search.placeholder')}
              type="search"
              value={search.q}
              onChange={(event) => onSearchChange({ q: event.currentTarget.value, at: 0 }, { replace: true })}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              label={t('centres.sort')}
              value={search.sort}
              onChange={(event) => {
                const sort = event.currentTarget.value;
                if (isSortField(sort)) onSearchChange({ sort, at: 0 });
              }}
              data={SORT_FIELDS.map((field) => ({ value: field, label: t(`centres.sort.${field}`) }))}
            />
            <NativeSelect
              label={t('centres.dir')}
              value={search.dir}
              onChange={(event) =>
                onSearchChange({ dir: event.currentTarget.value === 'desc' ? 'desc' : 'asc', at: 0 })
              }
              data={[
                { value: 'asc', label: t('centres.dir.asc') },
                { value: 'desc', label: t('centres.dir.desc') },
              ]}
            />
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('centres.count', { count: rows.length })}
          </Text>
          {rows.length === 0 ? (
            <Paper withBorder p="lg">
              <Stack gap="sm" align="flex-start">
                <Text>{t('centres.noResults', { q: search.q })}</Text>
                <Button variant="default" onClick={() => onSearchChange({ q: '', at: 0 })}>
                  {t('centres.clearSearch')}
                </Button>
              </Stack>
            </Paper>
          ) : (
            <CentresList
              rows={rows}
              initialIndex={search.at}
              onFirstVisibleChange={(at) => {
                if (at !== search.at) onSearchChange({ at }, { replace: true });
              }}
            />
          )}
        </>
      )}
      <Suspense fallback={null}>
        {/* Mounted from the first click on and kept, so that what was typed survives closing it. */}
        {creatingEver ? (
          <CreateCentreDialog
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
            onClose={() => setCreated(null)}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
}

/** Virtualised rows (@tanstack/react-virtual): 10,000 centres stay smooth. */
function CentresList({
  rows,
  initialIndex,
  onFirstVisibleChange,
}: {
  rows: ChildListItem[];
  initialIndex: number;
  onFirstVisibleChange: (index: number) => void;
}) {
  const { t, countryName } = useI18n();
  const parentRef = useRef<HTMLDivElement>(null);
  // oxlint-disable-next-line react/incompatible-library -- the virtualiser is meant to re-render; nothing here is memoised by the compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialOffset: Math.min(initialIndex, Math.max(0, rows.length - 1)) * ROW_HEIGHT,
    // jsdom has no layout: a sensible first size lets the first rows render before measuring.
    initialRect: { width: 800, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  // The first row in view, not the first rendered: those include the overscan rows above it.
  const first = virtualizer.range?.startIndex ?? 0;

  // The scroll position goes into the URL once scrolling settles, so that reload and back/forward
  // return to the same rows (STYLE.md point 4).
  const report = useRef(onFirstVisibleChange);
  report.current = onFirstVisibleChange;
  useEffect(() => {
    const timer = setTimeout(() => report.current(first), 400);
    return () => clearTimeout(timer);
  }, [first]);

  return (
    <section
      ref={parentRef}
      aria-label={t('centres.list.label')}
      style={{
        height: 'min(70dvh, 900px)',
        minHeight: 240,
        overflow: 'auto',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <ul
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {items.map((item) => {
          const centre = rows[item.index];
          if (!centre) return null;
          return (
            <li
              key={centre.id}
              aria-posinset={item.index + 1}
              aria-setsize={rows.length}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: item.size,
                transform: `translateY(${item.start}px)`,
                borderBottom: '1px solid var(--mantine-color-default-border)',
              }}
            >
              <Link
                to="/centres/$centreId"
                params={{ centreId: centre.id }}
                style={{
                  display: 'flex',
                  height: '100%',
                  alignItems: 'center',
                  gap: 12,
                  padding: '0 12px',
                  color: 'inherit',
                  textDecoration: 'none',
                }}
              >
                <Text fw={600} style={{ flex: '2 1 0', minWidth: 0 }} truncate>
                  {centre.name}
                </Text>
                <Text size="sm" style={{ flex: '1 1 0', minWidth: 0 }} truncate>
                  {countryName(centre.country)}
                </Text>
                <Text size="sm" style={{ flex: '1 1 0', minWidth: 0 }} truncate visibleFrom="xs">
                  {centre.city ?? t('centres.city.none')}
                </Text>
                <Text size="sm" c="dimmed" style={{ flex: '0 0 auto' }}>
                  #{centre.id}
                </Text>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
