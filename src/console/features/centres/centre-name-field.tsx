import { TextInput, type TextInputProps } from '@mantine/core';
import { useMemo } from 'react';
import { useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '@/console/lib/i18n';
import type { CreateChildCenterRequest } from '@/contract/operations/create-child-center';
import type { ChildListItem } from '@/contract/schemas';
import classes from './centre-name-field.module.css';
import { centresByName, nameKey } from './rules.ts';

/**
 * A new centre's name, with a word under it while it is typed when a centre of the list already
 * has that name (any place). A warning, not a refusal: two centres may share a name (4.3 refuses
 * only blanks and lengths, D5), and the same name in the same city is asked about on Create. Its
 * own component, so that a keystroke re-renders this field, not the dialog and its country list.
 */
export function CentreNameField({
  centres,
  control,
  hidden,
  registration,
  ...props
}: Omit<TextInputProps, 'description'> & {
  centres: readonly ChildListItem[];
  control: Control<CreateChildCenterRequest>;
  /** The same name in the same city is being asked about: that question says it already. */
  hidden: boolean;
  registration: UseFormRegisterReturn<'name'>;
}) {
  const { t, countryName, formatNumber } = useI18n();
  const byName = useMemo(() => centresByName(centres), [centres]);
  const name = useWatch({ control, name: 'name' });
  const key = nameKey(name ?? '');
  const same = key === '' || hidden ? undefined : byName.get(key);
  const [first] = same ?? [];
  let hint: string | undefined;
  if (same && same.length === 1 && first)
    hint = t('create.nameTaken.one', {
      id: first.id,
      place: first.city ? `${first.city} (${countryName(first.country)})` : countryName(first.country),
    });
  else if (same) hint = t('create.nameTaken.many', { count: same.length, shown: formatNumber(same.length) });
  return (
    <TextInput
      {...props}
      {...registration}
      // Under the input, where the eye is while typing; blue, as the question on Create.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={hint}
      descriptionProps={{ className: classes.taken, 'data-testid': 'name-taken' }}
    />
  );
}
