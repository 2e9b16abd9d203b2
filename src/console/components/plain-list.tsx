import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

// A list read as a list by screen readers (its items counted, its name announced) but drawn as a
// stack of cards: no bullets, no indent. One home for what five screens spelled out by hand.
export function PlainList({
  label,
  gap = 'xs',
  children,
}: {
  label: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Stack gap={gap} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
