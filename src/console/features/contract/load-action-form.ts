import { lazyComponent } from '@/console/lib/lazy-component';

// The Contract tab's form (react-hook-form, its zod resolver, the number fields) is a chunk of its
// own: the route's loader starts fetching it beside the data (`ActionForm.preload()`), and the
// screen renders it at once, so that a server-rendered tab hydrates it with the rest
// (lib/lazy-component.ts). The route chunk budget is 35 kB gzip. A module of its own, so the
// loader's chunk holds only this import.
export const ActionForm = lazyComponent(() =>
  import('./action-form.tsx').then((module) => module.ActionForm),
);
