import { Button } from '@mantine/core';
import classes from './sort-header.module.css';

export interface Sort<Field extends string> {
  sort: Field;
  dir: 'asc' | 'desc';
}

/**
 * A table's column header that sorts by its column on click, and says how with `aria-sort`: a
 * second click on the sorted column reverses the order. The button is a quiet one (the header row
 * is its frame), declared as such (`variant="subtle"`).
 */
export function SortHeader<Field extends string>({
  field,
  label,
  sort,
  onSort,
  className,
}: {
  field: Field;
  label: string;
  sort: Sort<Field>;
  onSort: (sort: Sort<Field>) => void;
  className?: string | undefined;
}) {
  const sorted = sort.sort === field;
  return (
    <th
      className={`${classes.header} ${className ?? ''}`}
      aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Button
        variant="subtle"
        color="gray"
        fullWidth
        justify="flex-start"
        className={classes.sort}
        onClick={() => onSort({ sort: field, dir: sorted && sort.dir === 'asc' ? 'desc' : 'asc' })}
        rightSection={<span aria-hidden="true">{sorted ? (sort.dir === 'asc' ? '▲' : '▼') : ''}</span>}
      >
        {label}
      </Button>
    </th>
  );
}
