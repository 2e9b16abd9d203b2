import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import {
  reportTemplatesQueryOptions,
  type ReportTemplatesRequest,
} from '@/console/api/list-report-templates';
import { EmptyState, ErrorPanel, NoResults, NotFoundPanel } from '@/console/components/feedback';
import { ToggleButtons } from '@/console/components/toggle-buttons';
import { useI18n } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import { requestOf, usePagedQuery } from '@/console/lib/paging';
import { emptyKindOf, problemOf } from './answers.ts';
import {
  needsDoctor,
  TEMPLATE_VIEWS,
  templatesRequest,
  type TemplatesSearch,
  type TemplateView,
} from './rules.ts';
import { TemplatesLoading } from './templates-loading.tsx';
import { TemplatesTable } from './templates-table.tsx';
import { DoctorPicker } from './load-doctor-picker.ts';

// The picker (Mantine's Select, its popover and floating-ui) and the drawer (a modal: focus trap,
// scroll lock) load on first use: together they are more than the route chunk's 35 kB gzip, and
// the centre's view needs neither.
const TemplateDrawer = lazy(() =>
  import('./template-drawer.tsx').then((module) => ({ default: module.TemplateDrawer })),
);

export interface TemplatesScreenProps {
  centreId: number;
  search: TemplatesSearch;
  onSearchChange: SearchChange<TemplatesSearch>;
}

/** A centre's templates under the three rules of spec 4.9, paged, with a drawer per template. */
export function TemplatesScreen({ centreId, search, onSearchChange }: TemplatesScreenProps) {
  const { t } = useI18n();
  // The document title is the centre's, set by the page's header (features/centres).
  const request = templatesRequest(centreId, search);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('templates.title')}
      </Title>
      <ViewSwitch
        view={search.view}
        // A new view starts from its first page; the doctor stays, for switching back and forth.
        onChange={(view) => onSearchChange({ view, page: 1, template: undefined })}
      />
      {needsDoctor(search.view) ? (
        <Suspense fallback={<PickerPlaceholder />}>
          <DoctorPicker
            centreId={centreId}
            doctorId={search.doctor}
            onChange={(doctor) => onSearchChange({ doctor, page: 1, template: undefined })}
          />
        </Suspense>
      ) : null}
      {request ? (
        <TemplatesList
          centreId={centreId}
          request={request}
          search={search}
          onSearchChange={onSearchChange}
        />
      ) : (
        <EmptyState title={t('templates.chooseDoctor.title')} body={t('templates.chooseDoctor.body')} />
      )}
    </Stack>
  );
}

/** The three views as toggle buttons (one pressed), each with a line saying which rule it shows. */
function ViewSwitch({ view, onChange }: { view: TemplateView; onChange: (view: TemplateView) => void }) {
  const { t } = useI18n();
  return (
    <Stack gap={6}>
      <ToggleButtons
        legend={t('templates.views')}
        hideLegend
        size="sm"
        options={TEMPLATE_VIEWS.map((option) => ({ value: option, label: t(`templates.view.${option}`) }))}
        value={view}
        onChange={onChange}
      />
      <Text size="sm" c="dimmed">
        {t(`templates.view.${view}.hint`)}
      </Text>
    </Stack>
  );
}

interface ListProps {
  centreId: number;
  request: ReportTemplatesRequest;
  search: TemplatesSearch;
  onSearchChange: SearchChange<TemplatesSearch>;
}

/** One page of the view, with its four distinct states: loading, empty, no match and failure. */
function TemplatesList({ centreId, request, search, onSearchChange }: ListProps) {
  const { t } = useI18n();
  const [drawerUsed, setDrawerUsed] = useState(search.template !== undefined);
  if (search.template !== undefined && !drawerUsed) setDrawerUsed(true);
  const paging = { page: search.page, pageSize: search.pageSize };
  const { query, total, lastPage, isShowingPrevious } = usePagedQuery(
    (next) => reportTemplatesQueryOptions({ ...request, ...requestOf(next) }),
    paging,
  );

  if (query.isError)
    return (
      <TemplatesFailure
        error={query.error}
        request={request}
        onRetry={() => void query.refetch()}
        onChooseAnother={() => onSearchChange({ doctor: '', page: 1, template: undefined })}
      />
    );
  if (query.data === undefined || total === undefined) return <TemplatesLoading />;

  if (total === 0) {
    const kind = emptyKindOf(search.view);
    if (kind === 'doctor-has-none')
      return (
        <NoResults
          message={t('templates.noResults.own', { doctor: request.userId ?? '' })}
          onClear={() => onSearchChange({ view: 'centre', doctor: '', page: 1, template: undefined })}
        />
      );
    return kind === 'centre-has-none' ? (
      <EmptyState title={t('templates.empty.centre.title')} body={t('templates.empty.centre.body')} />
    ) : (
      <EmptyState
        title={t('templates.empty.doctorAndCentre.title')}
        body={t('templates.empty.doctorAndCentre.body')}
      />
    );
  }

  // A page past the end (an old link, a list that shrank): its last page instead.
  if (lastPage !== undefined)
    return (
      <Navigate
        to="/centres/$centreId/templates"
        params={{ centreId }}
        search={(previous) => ({ ...previous, page: lastPage })}
        replace
      />
    );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('templates.count', { count: total })}
      </Text>
      <TemplatesTable
        centreId={centreId}
        rows={query.data.data}
        total={total}
        paging={paging}
        onPagingChange={(next) => onSearchChange({ ...next, template: undefined })}
        loading={isShowingPrevious}
      />
      {/* Mounted once a template is opened, and kept, so that it can slide out when closed. */}
      {search.template !== undefined || drawerUsed ? (
        <Suspense fallback={null}>
          <TemplateDrawer
            centreId={centreId}
            templateId={search.template}
            rows={query.data.data}
            loading={isShowingPrevious || query.isFetching}
            onClose={() => onSearchChange({ template: undefined })}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** The picker's place while its code loads: its label and a field-sized box, so nothing jumps. */
function PickerPlaceholder() {
  const { t } = useI18n();
  return (
    <Stack gap={4} maw={480} aria-busy="true">
      <Text size="sm" fw={500}>
        {t('templates.doctor')}
      </Text>
      <Paper withBorder h={36} />
    </Stack>
  );
}

/** Says what went wrong: an unknown doctor (404) and a centre outside the login (403) in words. */
function TemplatesFailure({
  error,
  request,
  onRetry,
  onChooseAnother,
}: {
  error: unknown;
  request: ReportTemplatesRequest;
  onRetry: () => void;
  onChooseAnother: () => void;
}) {
  const { t } = useI18n();
  const problem = problemOf(error, request);
  if (problem === 'unknown-doctor')
    return (
      <NotFoundPanel
        title={t('templates.unknownDoctor.title', { doctor: request.userId ?? '' })}
        body={t('templates.unknownDoctor.body')}
        action={<Button onClick={onChooseAnother}>{t('templates.unknownDoctor.action')}</Button>}
      />
    );
  if (problem === 'forbidden')
    // The way back to the centres is the header's link, above this panel.
    return <NotFoundPanel title={t('templates.forbidden.title')} body={t('templates.forbidden.body')} />;
  return <ErrorPanel error={error} onRetry={onRetry} />;
}
