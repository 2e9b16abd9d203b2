import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { Dated } from './dated.tsx';
import classes from './contract.module.css';
import type { Note, Preview } from './preview.ts';

type T = ReturnType<typeof useI18n>['t'];

/** The preview's numbers as one sentence: "BASIC 10 → 12, ELITE unchanged (3), takes effect now." */
export function previewParts(t: T, preview: Preview, formatDate: (date: Date) => string): string[] {
  const parts: string[] = [];
  if (preview.status.to === 'INACTIVE') parts.push(t('contract.preview.cancelled'));
  else if (preview.status.from === 'INACTIVE') parts.push(t('contract.preview.reactivated'));
  else if (preview.status.from === 'none') parts.push(t('contract.preview.created'));
  if (preview.model.to === 'usage' && preview.model.from !== 'usage')
    parts.push(t('contract.preview.toUsage'));
  if (preview.consultations) {
    const { from, to } = preview.consultations;
    parts.push(
      from === null
        ? t('contract.preview.consultations.set', { to })
        : from === to
          ? t('contract.preview.consultations.unchanged', { count: to })
          : t('contract.preview.consultations.changed', { from, to }),
    );
  }
  for (const { plan, from, to } of preview.seats)
    parts.push(
      from === to
        ? t('contract.preview.seats.unchanged', { plan, count: to })
        : to === 0
          ? t('contract.preview.seats.dropped', { plan, from })
          : t('contract.preview.seats.changed', { plan, from, to }),
    );
  if (preview.status.to === 'INACTIVE' || preview.when.kind === 'now') parts.push(t('contract.preview.now'));
  else
    parts.push(
      preview.when.on
        ? t('contract.preview.renewal', { date: formatDate(preview.when.on) })
        : t('contract.preview.renewalUnknown'),
    );
  return parts;
}

/** What an action will leave behind, in words and numbers, before it is sent. */
export function PreviewView({ preview }: { preview: Preview | undefined }) {
  const { t, formatDateTime, formatUtc } = useI18n();
  const titleId = useId();
  const on = preview?.when.kind === 'renewal' ? preview.when.on : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} aria-live="polite">
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {t('contract.preview.title')}
        </Title>
        {preview ? (
          <>
            <Text fw={600} title={on ? t('time.utc', { utc: formatUtc(on) }) : undefined}>
              {t('contract.preview.sentence', {
                parts: previewParts(t, preview, formatDateTime).join(', '),
              })}
            </Text>
            {preview.notes.length > 0 ? (
              <ul className={classes.notes}>
                {preview.notes.map((note) => (
                  <li key={note.kind}>
                    <NoteText note={note} />
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('contract.preview.incomplete')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function NoteText({ note }: { note: Note }) {
  const { t } = useI18n();
  switch (note.kind) {
    case 'licences-off':
      return t('contract.note.licencesOff', { count: note.count });
    case 'data-kept':
      return t('contract.note.dataKept');
    case 'reactivation-possible':
      return t('contract.note.reactivation');
    case 'licences-on':
      return t('contract.note.licencesOn');
    case 'seat-licences-end':
      return t('contract.note.seatLicencesEnd', { count: note.count });
    case 'switch-dropped':
      return <Dated size="sm" on={note.on} text={(date) => t('contract.note.switchDropped', { date })} />;
    case 'usage-until-renewal':
      return t('contract.note.usageUntilRenewal');
  }
}
