import { lazyComponent } from '@/console/lib/lazy-component';

// The registration's workspace (the searchable target picker, react-hook-form, the contract's
// schemas, the row fields) is nearly all of the screen's weight: a chunk of its own, which the
// route's loader starts fetching beside the screen's words (`RegisterWorkspace.preload()`), and the
// screen renders at once, so that a server-rendered page hydrates it with the rest
// (lib/lazy-component.ts). Budget: 35 kB gzip per route (docs/decisions/0013-doctors.md). A module
// of its own, so the loader's chunk holds only this import.
export const RegisterWorkspace = lazyComponent(() =>
  import('./register-workspace.tsx').then((module) => module.RegisterWorkspace),
);
