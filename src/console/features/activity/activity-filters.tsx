import { Button, NativeSelect, TextInput, VisuallyHidden } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@/proxy-api/audit-actions';
import classes from './activity.module.css';
import { PersonFilter } from './person-filter.tsx';
import { ACTIVITY_SEARCH_DEFAULTS, isFiltered, type ActivitySearch } from './search.ts';
import { CentreFilter } from './load-centre-filter.ts';

interface FiltersProps {
  search: ActivitySearch;
  onSearchChange: SearchChange<ActivitySearch>;
  providerId: number;
  /** Whether the environment offers the centres to filter by (a parent's children, 4.5, D3). */
  centreFilter: boolean;
}

// The centre filter (Mantine's Select, its popover and floating-ui) is a chunk of its own, which the
// route fetches beside the data (load-centre-filter.ts): with it the route's chunk was 51.6 kB gzip,
// over its 35 kB budget.

/**
 * The log's filters (centre, action, person, who, outcome, days), each applied as it changes and kept in
 * the URL (docs/decisions/0022); the text field applies on Enter or on leaving it.
 */
export function ActivityFilters({ search, onSearchChange, providerId, centreFilter }: FiltersProps) {
  const { t } = useI18n();
  const set = (patch: Partial<ActivitySearch>) => onSearchChange(patch);
  // Clearing removes the button that was pressed: the keyboard's focus goes to the first filter.
  const firstFilter = useRef<HTMLSelectElement>(null);
  return (
    <fieldset className={classes.filters}>
      <VisuallyHidden component="legend">{t('activity.filters')}</VisuallyHidden>
      {centreFilter ? (
        <div className={classes.centre}>
          <Suspense
            fallback={
              <TextInput
                label={t('activity.filter.centre')}
                placeholder={t('activity.filter.centreHint')}
                disabled
              />
            }
          >
            <CentreFilter
              providerId={providerId}
              value={search.centre}
              onChange={(centre) => set({ centre })}
            />
          </Suspense>
        </div>
      ) : null}
      <NativeSelect
        ref={firstFilter}
        className={classes.action}
        label={t('activity.filter.action')}
        value={search.action}
        onChange={(event) => set({ action: event.currentTarget.value as ActivitySearch['action'] })}
        data={[
          { value: '', label: t('activity.filter.everyAction') },
          ...AUDIT_ACTIONS.map((action) => ({
            value: action,
            label: t(`activity.action.${action}` as MessageKey),
          })),
        ]}
      />
      <PersonFilter value={search.person} onChange={(person) => set({ person })} />
      <ActorInput key={search.actor} value={search.actor} onCommit={(actor) => set({ actor })} />
      <NativeSelect
        label={t('activity.filter.outcome')}
        value={search.outcome}
        onChange={(event) => set({ outcome: event.currentTarget.value as ActivitySearch['outcome'] })}
        data={[
          { value: '', label: t('activity.filter.anyOutcome') },
          ...AUDIT_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`activity.outcome.${outcome}`) })),
        ]}
      />
      <TextInput
        type="date"
        label={t('activity.filter.from')}
        value={search.from}
        max={search.to || undefined}
        onChange={(event) => set({ from: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('activity.filter.to')}
        value={search.to}
        min={search.from || undefined}
        onChange={(event) => set({ to: event.currentTarget.value })}
      />
      {isFiltered(search) ? (
        <Button
          variant="default"
          className={classes.clear}
          onClick={() => {
            set(ACTIVITY_SEARCH_DEFAULTS);
            firstFilter.current?.focus();
          }}
        >
          {t('activity.filter.clear')}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Who acted, typed: applied on Enter or when the field is left, not at every keystroke. */
function ActorInput({ value, onCommit }: { value: string; onCommit: (actor: string) => void }) {
  const { t } = useI18n();
  const [text, setText] = useState(value);
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return (
    <TextInput
      label={t('activity.filter.actor')}
      placeholder={t('activity.filter.actorHint')}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      spellCheck={false}
      autoCapitalize="off"
    />
  );
}
