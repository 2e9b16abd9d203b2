import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack } from '@mantine/core';

export const ROW_HEIGHT = 56;

/** The list's loading state. Its own module: pending components ship with the entry chunk. */
export function CentresSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={32} width={200} />
      <Skeleton height={36} />
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} height={ROW_HEIGHT - 8} />
      ))}
    </Stack>
  );
}
