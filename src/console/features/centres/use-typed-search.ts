import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * How long typing must pause before the search is written into the URL: a second, not a quarter,
 * since the write (a navigation) landing between two keystrokes held the next one back by more than
 * the filtering costs (issue 48 item 5).
 */
export const URL_WRITE_DELAY_MS = 1000;

/**
 * The search as typed, answered at once from the page's own state, and written into the URL (where
 * the list's state lives, docs/decisions/0006) once typing pauses for a second, or at once
 * when the field loses focus: a navigation per keystroke cost more than the filtering itself
 * (docs/decisions/0017). A search the URL brings (back, forward, a link) replaces what was typed.
 * Returns the text, its setter, and the write to run on blur.
 */
export function useTypedSearch(
  fromUrl: string,
  write: (q: string) => void,
): [string, (q: string) => void, () => void] {
  const [typed, setTyped] = useState(fromUrl);
  // The URL's value last seen, and the last one written from here (which must not undo typing).
  const [seen, setSeen] = useState(fromUrl);
  const [written, setWritten] = useState(fromUrl);
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    if (fromUrl !== written) setTyped(fromUrl);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ write, seen });
  useEffect(() => {
    latest.current = { write, seen };
  });
  const pending = useRef<(() => void) | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const run = pending.current;
    pending.current = undefined;
    run?.();
  }, []);
  // Leaving the screen (by a link, which took the focus first and so wrote) drops what is left.
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (q: string) => {
    setTyped(q);
    const scheduledAt = seen;
    pending.current = () => {
      // A search the URL brought meanwhile (back, forward) wins: the write is dropped.
      if (latest.current.seen !== scheduledAt) return;
      setWritten(q);
      latest.current.write(q);
    };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, URL_WRITE_DELAY_MS);
  };
  return [typed, type, flush];
}
