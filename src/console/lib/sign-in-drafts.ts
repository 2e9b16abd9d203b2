import { useEffect, useRef, useState } from 'react';

// Signing in again with the organisation is a full-page round trip through its identity provider
// (docs/decisions/0023): the page underneath is gone when the tab comes back. What a screen has
// not saved yet is kept in the tab's sessionStorage just before the tab leaves, keyed by screen and
// target, and given back, once, when that screen mounts again (decision 0006: nothing typed is
// lost). Once: a draft is dropped as the screen shows it, so a reload never resumes a send twice.

const PREFIX = 'provider-console.draft:';

const savers = new Map<string, () => unknown>();

/** The tab's storage, when the browser grants it (a private window may refuse). */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps each screen's draft, now, for the tab's return (called just before it leaves). */
export function saveDraftsForSignIn(storage = tabStorage()): void {
  for (const [key, save] of savers) {
    const draft = save();
    if (draft === undefined) continue;
    try {
      storage?.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // A full or refused storage keeps nothing: the page still leaves, as it did before drafts.
    }
  }
}

/** The draft kept for `key` (undefined: none, or not one `parse` accepts); it stays until dropped. */
export function readDraft<T>(
  key: string,
  parse: (value: unknown) => T | undefined,
  storage = tabStorage(),
): T | undefined {
  try {
    const raw = storage?.getItem(PREFIX + key);
    return raw ? parse(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

export function dropDraft(key: string, storage = tabStorage()): void {
  try {
    storage?.removeItem(PREFIX + key);
  } catch {
    // Refused storage holds nothing to drop.
  }
}

/**
 * The draft kept for `key` when this screen mounts, given once: it is dropped as soon as the
 * screen is on the page, so that a reload starts afresh instead of resuming the same send again.
 */
export function useRestoredDraft<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
  const [draft] = useState(() => readDraft(key, parse));
  useEffect(() => dropDraft(key), [key]);
  return draft;
}

/**
 * While mounted, `save` answers this screen's draft under `key` (undefined: nothing to keep) when
 * the tab leaves to sign in again. It may also stop what is under way (a queue that would ask the
 * browser's "leave this page?"), since the page is about to go.
 */
export function useSignInDraft(key: string, save: () => unknown): void {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    const saver = () => latest.current();
    savers.set(key, saver);
    return () => {
      if (savers.get(key) === saver) savers.delete(key);
    };
  }, [key]);
}
