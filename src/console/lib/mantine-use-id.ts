// What Mantine's own components get for `useId` from @mantine/hooks (tools/build/stable-mantine-ids.ts
// puts this module in its place). Mantine's version starts from React's id and then, in a layout
// effect, swaps it for a random one: every input, tooltip and menu sets its state again after it
// mounts, which is a synchronous re-render after each commit. On a screen the proxy rendered, those
// cascading renders hydrated the rest of the screen in one blocking task (the centres list: 53 ms
// at 1× CPU, about 200 ms on a phone) rather than in React's interruptible slices, and every dialog
// rendered its fields twice. React's id is already unique within the root and equal on the server
// and in the browser, which is all an id here needs (docs/decisions/0030).
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  // As Mantine writes its first id, so that a page rendered on the server hydrates unchanged.
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
