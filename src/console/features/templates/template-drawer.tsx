import { Drawer, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportTemplatesKeys } from '@/console/api/list-report-templates';
import { useI18n } from '@/console/lib/i18n';
import type { ReportTemplatesPage } from '@/contract/operations/list-report-templates';
import type { ReportTemplate } from '@/contract/schemas';
import { OwnerBadge } from './owner-badge.tsx';
import { ownerOf } from './answers.ts';
import { kindWords, specialityWords } from './template-words.ts';
import classes from './template-drawer.module.css';

interface TemplateDrawerProps {
  centreId: number;
  /** The `?template=` of the URL; undefined keeps the drawer closed. */
  templateId: number | undefined;
  /** The page on screen, where a link from the table finds its template. */
  rows: readonly ReportTemplate[];
  /** The list is still loading: a template not found yet may still arrive. */
  loading: boolean;
  onClose: () => void;
}

/**
 * Every field of a template (2.13), in a drawer that the URL opens (`?template=<id>`), so that a
 * link to it works. 4.9 has no "one template" operation: the template is read from the pages of
 * this centre already fetched, the one on screen first.
 */
export function TemplateDrawer({ centreId, templateId, rows, loading, onClose }: TemplateDrawerProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  // While the drawer slides out (the URL no longer names a template) it keeps showing the last one.
  const [lastId, setLastId] = useState(templateId);
  if (templateId !== undefined && templateId !== lastId) setLastId(templateId);
  const shownId = templateId ?? lastId;
  const template =
    shownId === undefined
      ? undefined
      : (rows.find((row) => row.id === shownId) ??
        queryClient
          .getQueriesData<ReportTemplatesPage>({ queryKey: reportTemplatesKeys.of(centreId) })
          .flatMap(([, page]) => page?.data ?? [])
          .find((row) => row.id === shownId));
  const title =
    template === undefined
      ? t('templates.drawer.notFound.title', { id: String(shownId ?? '') })
      : template.name === ''
        ? t('templates.none')
        : template.name;

  return (
    <Drawer
      opened={templateId !== undefined}
      onClose={onClose}
      position="right"
      size="md"
      // The scroll lock injects a <style> tag without the CSP nonce (react-remove-scroll), which
      // the strict CSP blocks; the theme turns it off for Modal the same way.
      lockScroll={false}
      title={loading && template === undefined ? t('common.loading') : title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}
    >
      {template ? (
        <TemplateFields template={template} />
      ) : loading ? (
        <Group justify="center" p="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <Text size="sm">{t('templates.drawer.notFound.body')}</Text>
      )}
    </Drawer>
  );
}

function TemplateFields({ template }: { template: ReportTemplate }) {
  const { t } = useI18n();
  const owner = ownerOf(template);
  const none = t('templates.none');
  return (
    <dl className={classes.fields}>
      <dt>{t('templates.drawer.id')}</dt>
      <dd>{template.id}</dd>
      <dt>{t('templates.drawer.name')}</dt>
      <dd>{template.name === '' ? none : template.name}</dd>
      <dt>{t('templates.drawer.description')}</dt>
      <dd>{template.description === '' ? none : template.description}</dd>
      <dt>{t('templates.drawer.kind')}</dt>
      {/* 2.13: a numeric kind whose meanings the service does not give: its number, said so. */}
      <dd>
        {kindWords(t, template.type)}
        <Text span size="sm" c="dimmed" display="block">
          {t('templates.kind.unnamed')}
        </Text>
      </dd>
      <dt>{t('templates.drawer.speciality')}</dt>
      {/* 2.13: 0 appears for a template of no speciality. */}
      <dd>{specialityWords(t, template.specialityId)}</dd>
      <dt>{t('templates.drawer.validated')}</dt>
      <dd>{template.isValidated ? t('templates.validated.yes') : t('templates.validated.no')}</dd>
      <dt>{t('templates.drawer.owner')}</dt>
      <dd>
        <Group gap="xs">
          <OwnerBadge owner={owner} />
          {owner === 'doctor' || owner === 'centre' ? (
            <Text span size="sm">
              {t(owner === 'doctor' ? 'templates.owner.doctor.long' : 'templates.owner.centre.long')}
            </Text>
          ) : null}
        </Group>
      </dd>
      <dt>{t('templates.drawer.provider')}</dt>
      <dd>{template.providerId}</dd>
      {/* 2.13: present only when the owner is a user (a doctor). */}
      {template.userId === undefined ? null : (
        <>
          <dt>{t('templates.drawer.doctor')}</dt>
          <dd>{template.userId}</dd>
        </>
      )}
    </dl>
  );
}
