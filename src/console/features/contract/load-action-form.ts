// The Contract tab's form (react-hook-form, its zod resolver, the number fields) is a chunk of its
// own: the route's loader starts fetching it beside the data, the screen renders it (the route
// chunk budget is 35 kB gzip). A module of its own, so the loader's chunk holds only this import.
export const loadActionForm = () => import('./action-form.tsx');
