import { createElement, use, type ComponentType } from 'react';

/** A component whose code is a chunk of its own, and the way to start fetching it early. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Starts fetching the chunk (a route's loader, beside its data); resolves once it has arrived. */
  preload: () => Promise<unknown>;
};

/**
 * As React's `lazy`, but rendered at once when its chunk has already arrived. React's `lazy`
 * suspends on its first render whatever the state of the import: inside a screen the proxy rendered
 * (docs/decisions/0028), its Suspense boundary then stays unhydrated for a while, and the first
 * update from above (any re-render of the screen; one came ~240 ms after mount) makes React throw
 * the server's markup away and render the boundary afresh: a choice pressed on it, or kept to be
 * pressed again (lib/prerendered.ts), is lost. Preloaded by its route's loader, which the browser
 * runs before hydrating, the component hydrates with the rest of the screen.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // Asked for again on the next render (the offline panel's Retry), not failed for good.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Lazy(props: P) {
    return createElement(loaded ?? use(preload()), props);
  }
  return Object.assign(Lazy, { preload });
}
