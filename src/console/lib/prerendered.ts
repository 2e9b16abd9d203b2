// The login page arrives with its markup already in the HTML (prerendered at build time,
// docs/decisions/0017), so that it paints before any script has run. The entry then renders the
// same screen in its place. These helpers make that hand-over invisible: React replaces the markup
// only once the screen is complete (main.tsx loads the route first), and what the person typed or
// focused meanwhile carries over.

/** Which screen the HTML holds (`login`), or undefined for an empty page. */
export function prerenderedScreen(root: HTMLElement): string | undefined {
  return root.dataset['prerendered'];
}

/**
 * The values the person changed in the prerendered form before the console took over, by field
 * name (nothing on the server, where the same screen is rendered to build that markup).
 */
export function prerenderedValues(): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof document === 'undefined') return values;
  for (const input of document.querySelectorAll<HTMLInputElement>('[data-prerendered] input[name]'))
    if (input.value !== input.defaultValue) values[input.name] = input.value;
  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-prerendered] select[name]'))
    if (select.selectedOptions[0]?.defaultSelected === false) values[select.name] = select.value;
  return values;
}

/** Notes the focused field of the prerendered page; the returned function focuses its successor. */
export function keepFocus(root: HTMLElement): () => void {
  const focused = document.activeElement;
  const name = focused && root.contains(focused) ? focused.getAttribute('name') : null;
  const selection =
    focused instanceof HTMLInputElement ? [focused.selectionStart, focused.selectionEnd] : undefined;
  return () => {
    root.removeAttribute('data-prerendered');
    if (!name) return;
    const successor = root.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    successor?.focus();
    if (
      successor instanceof HTMLInputElement &&
      typeof selection?.[0] === 'number' &&
      typeof selection[1] === 'number'
    ) {
      try {
        successor.setSelectionRange(selection[0], selection[1]);
      } catch {
        // A field without a text selection: the focus alone carries over.
      }
    }
  };
}
