import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { takeTypeahead } from '@/console/lib/typeahead';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { filterCentres, sortCentres } from './rules.ts';
import { useCentreIndex } from './use-centre-index.ts';

const NONE: readonly never[] = [];

const [store, actions] = createSpotlight();
const MAX_RESULTS = 50;

/**
 * The Ctrl/Cmd+K palette: jump to a centre by name or id. Loaded lazily by the layout on first use,
 * so that it does not weigh on the login entry chunk (budget).
 */
/** Mounted (with a new key) on each request from the layout: mounting opens it. */
export default function CentreSpotlight({ providerId }: { providerId: number }) {
  const { t, language, countryName } = useI18n();
  const navigate = useNavigate();
  const centres = useQuery({ ...childCentersQueryOptions(providerId), retry: false });
  const [query, setQuery] = useState('');
  useEffect(() => {
    actions.open();
  }, []);

  // The list's own search (name, country, city or id; case and accents ignored), so that the palette
  // finds what the list finds, best names first.
  const collator = useMemo(
    () => new Intl.Collator(language, { sensitivity: 'base', numeric: true }),
    [language],
  );
  const index = useCentreIndex(centres.data?.data ?? NONE, countryName);
  // Sorted once, filtered per keystroke (rules.ts).
  const byName = useMemo(() => sortCentres(index, { sort: 'name', dir: 'asc' }, collator), [index, collator]);
  const matches = useMemo(
    () => filterCentres(byName, { q: query, country: '' }).slice(0, MAX_RESULTS),
    [byName, query],
  );

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      // Each opening starts from an empty search (Mantine clears it only after its exit transition).
      onSpotlightClose={() => setQuery('')}
      shortcut={['mod + K']}
      scrollable
    >
      <Spotlight.Search
        placeholder={t('spotlight.placeholder')}
        aria-label={t('spotlight.placeholder')}
        // What was typed between the shortcut and this focus (lib/typeahead.ts).
        onFocus={() => {
          const typed = takeTypeahead();
          if (typed !== '') setQuery((current) => current + typed);
        }}
      />
      <Spotlight.ActionsList>
        {matches.map((centre) => (
          <Spotlight.Action
            key={centre.id}
            // A result in a list, marked by its hover and selection: a quiet control.
            variant="subtle"
            label={centre.name}
            description={`#${centre.id}`}
            onClick={() => void navigate({ to: '/centres/$centreId', params: { centreId: centre.id } })}
          />
        ))}
        {matches.length === 0 ? (
          <Spotlight.Empty>
            {centres.isPending
              ? t('spotlight.loading')
              : centres.isError
                ? t('spotlight.unavailable')
                : t('spotlight.nothing')}
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
