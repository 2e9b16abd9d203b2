import { lazyComponent } from '@/console/lib/lazy-component';

// A chunk of its own, fetched by the route's loader beside the data (`CentreFilter.preload()`) and
// rendered at once once it has arrived, so that a server-rendered screen hydrates it with the rest
// and a press made before hydration is kept (lib/lazy-component.ts, docs/decisions/0028). A module
// of its own, so the loader's chunk holds only this import.
export const CentreFilter = lazyComponent(() =>
  import('./centre-filter.tsx').then((module) => module.CentreFilter),
);
