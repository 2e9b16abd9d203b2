// The login page arrives with its markup already in the HTML (prerendered at build time,
// docs/decisions/0017), so that it paints before any script has run. The entry then renders the
// same screen in its place. These helpers make that hand-over invisible: React replaces the markup
// only once the screen is complete (main.tsx loads the route first), and what the person typed,
// focused or pressed meanwhile carries over.

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

/**
 * An inline script of the prerendered page (it carries the CSP nonce, tools/build/prerender.ts):
 * until the console has taken over, a press on a button, or a form's submission, does nothing but is
 * noted, to be pressed again on the same screen once it works (`replayPress`). Without it, a click
 * on "Sign in", or on an overview's filter, before the scripts ran would be lost silently. A button
 * is noted by its text and its place among the buttons with that text: the working screen may
 * have more buttons than the prerendered one (the signed-in header's), never other words on these.
 * A button that went down on the prerendered page is noted too: if the console takes over before
 * it comes up, the browser's click belongs to no button. On a screen the proxy rendered with its
 * data (docs/decisions/0028), its fields are read-only, and its lists disabled, until React owns
 * them (`releaseFields`): hydration keeps what the state says, so a value typed or an option chosen
 * before would be silently lost (React neither reads a list's choice when it hydrates nor sees its
 * change, and its next render of the list puts the state's option back). A noted
 * press goes no further than the document, nor does any pointer, focus or key event on the screen
 * while it hydrates: React would otherwise hydrate the part it reaches at once, in a pass of its own
 * (a text mismatch on the Contract tab, up to 10 runs in 10 on a loaded machine), and press a
 * button itself before the replay pressed it again.
 */
export const CAPTURE_PRESSES = `(function () {
  var pressed = [];
  window.prerenderedPresses = pressed;
  window.prerenderedDown = null;
  var PRESSABLE = 'button, label, input[type="radio"], input[type="checkbox"]';
  function keyOf(element) {
    return element.tagName + ':' + (element.tagName === 'INPUT' ? element.name + '=' + element.value : element.textContent);
  }
  function noted(target) {
    var root = document.getElementById('root');
    if (!root || !root.hasAttribute('data-prerendered') || !target || !root.contains(target)) return null;
    var key = keyOf(target);
    var same = Array.prototype.filter.call(root.querySelectorAll(PRESSABLE), function (other) {
      return keyOf(other) === key;
    });
    return { text: key, nth: same.indexOf(target) };
  }
  function pressableOf(event, form) {
    if (!event.target || !event.target.closest) return null;
    return form ? event.target.querySelector('button[type="submit"]') : event.target.closest(PRESSABLE);
  }
  document.addEventListener('pointerdown', function (event) {
    window.prerenderedDown = noted(pressableOf(event, false));
  }, true);
  document.addEventListener('click', function (event) {
    var press = noted(pressableOf(event, false));
    if (press) { event.preventDefault(); event.stopPropagation(); pressed.push(press); }
  }, true);
  document.addEventListener('submit', function (event) {
    var press = noted(pressableOf(event, true));
    if (press) { event.preventDefault(); event.stopPropagation(); pressed.push(press); }
  }, true);
  // While a rendered screen hydrates, React hydrates at once whatever part an input event reaches,
  // in a pass of its own; the press is the capture's until React owns the whole screen.
  ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'focusin', 'keydown', 'keyup'].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var root = document.getElementById('root');
      if (root && root.getAttribute('data-prerendered') === 'screen' && root.contains(event.target)) event.stopPropagation();
    }, true);
  });
  // A list has no read-only state: it is disabled instead, looking as it will (app/global.css).
  function hold(field) {
    var list = field.tagName === 'SELECT';
    if ((list ? field.disabled : field.readOnly) || !field.closest('[data-prerendered="screen"]')) return;
    if (list) field.disabled = true;
    else field.readOnly = true;
    field.setAttribute('data-held', '');
  }
  var FIELDS = 'input, textarea, select';
  var fields = new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.nodeType !== 1) return;
        if (node.matches(FIELDS)) hold(node);
        Array.prototype.forEach.call(node.querySelectorAll(FIELDS), hold);
      });
    });
  });
  fields.observe(document.documentElement, { childList: true, subtree: true });
  window.prerenderedRelease = function () {
    fields.disconnect();
    Array.prototype.forEach.call(document.querySelectorAll('[data-held]'), function (field) {
      if (field.tagName === 'SELECT') field.disabled = false;
      else field.readOnly = false;
      field.removeAttribute('data-held');
    });
  };
})();`;

interface Press {
  text: string;
  nth: number;
}

const isPress = (value: unknown): value is Press =>
  typeof value === 'object' &&
  value !== null &&
  'text' in value &&
  typeof value.text === 'string' &&
  'nth' in value &&
  typeof value.nth === 'number';

/** What the capture notes a press on: a button, and (on a server-rendered screen) a choice. */
const PRESSABLE = 'button, label, input[type="radio"], input[type="checkbox"]';

/** As the capture names an element: its tag and its words, or a choice's name and value. */
const keyOf = (element: HTMLElement): string =>
  `${element.tagName}:${element instanceof HTMLInputElement ? `${element.name}=${element.value}` : element.textContent}`;

/** The working screen's element for a press noted on the prerendered one. */
const buttonFor = (root: HTMLElement, press: Press): HTMLElement | undefined =>
  [...root.querySelectorAll<HTMLElement>(PRESSABLE)].filter((element) => keyOf(element) === press.text)[
    press.nth
  ];

/** Presses again, on the working screen, the last button pressed on the prerendered one. */
export function replayPress(root: HTMLElement): void {
  const capture = window as { prerenderedPresses?: unknown; prerenderedDown?: unknown };
  const pressed = capture.prerenderedPresses;
  const down = capture.prerenderedDown;
  capture.prerenderedDown = null;
  if (!Array.isArray(pressed)) return;
  if (pressed.length === 0) {
    if (isPress(down)) completePress(root, down);
    return;
  }
  const last: unknown = pressed[pressed.length - 1];
  pressed.length = 0;
  if (isPress(last)) buttonFor(root, last)?.click();
}

/**
 * A button went down on the prerendered page and comes up on the working one: released over its
 * successor, that is pressed, unless the browser's own click reached it (Chromium aims the click at
 * what the two targets share, which is no button once the first was replaced).
 */
function completePress(root: HTMLElement, press: Press): void {
  document.addEventListener(
    'pointerup',
    (event) => {
      const button = buttonFor(root, press);
      if (!button || !(event.target instanceof Node) || !button.contains(event.target)) return;
      let clicked = false;
      const onClick = () => {
        clicked = true;
      };
      button.addEventListener('click', onClick, { once: true });
      // The browser's click, if any, is dispatched in the same task as the release.
      setTimeout(() => {
        button.removeEventListener('click', onClick);
        if (!clicked) button.click();
      }, 0);
    },
    { once: true, capture: true },
  );
}

/**
 * Before hydrating a screen the proxy rendered (docs/decisions/0028): its inline styles arrived as
 * `data-ps` attributes and one nonced `<style>` of rules (the CSP allows no style attribute in
 * markup, app/prerender.tsx). Each becomes the element's own style again, set through the DOM as
 * React would have set it, and the rules' element, which React did not render, goes: hydration
 * then finds the tree React renders, and a style React changes later is not overridden.
 */
export function restoreInlineStyles(root: HTMLElement): void {
  const sheet = root.firstElementChild;
  if (!(sheet instanceof HTMLStyleElement)) return;
  const rules = new Map<string, string>();
  for (const rule of sheet.sheet?.cssRules ?? []) {
    const id =
      rule instanceof CSSStyleRule ? /^\[data-ps="(\d+)"\]$/.exec(rule.selectorText)?.[1] : undefined;
    // As text: a shorthand holding a variable (`padding-inline: var(…)`) has no longhands to copy.
    if (id !== undefined && rule instanceof CSSStyleRule)
      rules.set(id, rule.style.cssText.replaceAll(' !important', ''));
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-ps]')) {
    element.style.cssText = rules.get(element.dataset['ps'] ?? '') ?? '';
    element.removeAttribute('data-ps');
  }
  sheet.remove();
}

/** Whether React owns an element: it marks each with its fiber. */
const owned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/**
 * Resolves once React has taken over every pressable element and every held field of a hydrated
 * screen. `hydrateRoot` returns at once and hydrates each Suspense boundary (every route's match is
 * one) in later tasks: until an element is hydrated a press on it would do nothing, and a field
 * released before its boundary hydrates could take a value React then ignores, so the capture stays
 * on until then. Every one is waited for: boundaries do not hydrate in document order.
 */
export async function whenHydrated(root: HTMLElement, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ([...root.querySelectorAll(`${PRESSABLE}, [data-held]`)].every((element) => owned(element))) return;
    // oxlint-disable-next-line no-await-in-loop -- polling until React reaches the last boundary
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

/** The fields and lists of a server-rendered screen take typing and choosing again (the capture held them). */
export function releaseFields(): void {
  const capture = window as { prerenderedRelease?: unknown };
  if (typeof capture.prerenderedRelease === 'function') capture.prerenderedRelease();
}
