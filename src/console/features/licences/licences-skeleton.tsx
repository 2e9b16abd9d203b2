import { Skeleton, Stack } from '@mantine/core';

/** The Licences tab while its data loads. Its own module: pending components ship with the entry. */
export function LicencesSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton height={72} />
      <Skeleton height={28} width={180} />
      <Skeleton height={140} />
      <Skeleton height={28} width={220} />
      <Skeleton height={200} />
    </Stack>
  );
}
