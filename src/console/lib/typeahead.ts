// What is typed right after a shortcut opened a search whose input is not there yet: the Ctrl+K
// palette loads on its first use (a chunk, then 2,000 centres indexed), and its input takes the
// focus a moment after each opening. Keystrokes in between reached no field and were lost. From the
// shortcut on, they are kept here, and the search takes them when its input gets the focus.

let typed: string | undefined;

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function keep(event: KeyboardEvent) {
  // A field has the focus after all (the palette was open already): it is typing there.
  if (isEditable(event.target) || event.isComposing) return stop();
  if (event.key === 'Escape') return stop();
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'Backspace') typed = (typed ?? '').slice(0, -1);
  else if (event.key.length === 1) typed = (typed ?? '') + event.key;
  else return;
  event.preventDefault();
  event.stopPropagation();
}

function stop() {
  typed = undefined;
  globalThis.removeEventListener('keydown', keep, true);
  globalThis.removeEventListener('pointerdown', stop, true);
}

/** A shortcut opened a search: what is typed from now on is kept for it (until Escape or a click). */
export function startTypeahead(): void {
  if (typed !== undefined) return;
  typed = '';
  globalThis.addEventListener('keydown', keep, true);
  globalThis.addEventListener('pointerdown', stop, true);
}

/** The search's input has the focus: what was typed before it, and nothing is kept any more. */
export function takeTypeahead(): string {
  const kept = typed ?? '';
  stop();
  return kept;
}

/** The search could not open (its code did not load): keystrokes go where they would have gone. */
export const stopTypeahead = stop;
