// What "looks broken" means, measured in the page. `runVisualChecks` is handed to
// `page.evaluate`, which sends only its source text to the browser, so every helper it needs lives
// inside its body: no imports, nothing from this module's scope.
/* oxlint-disable unicorn/consistent-function-scoping -- the helpers must stay inside, see above */

export interface VisualCheckOptions {
  /** The accessible names of a close button in the UI language ("Close", "Cerrar"). */
  closeNames: string[];
}

/** Every problem on the page as it is now, one sentence each; empty when it looks right. */
export function runVisualChecks({ closeNames }: VisualCheckOptions): string[] {
  const failures: string[] = [];
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;
  const viewportHeight = root.clientHeight;
  const TOLERANCE = 1; // sub-pixel rounding
  const MAX_CLOSE_SIZE = 44;
  // Mantine's declared quiet variants (`data-variant`): they are meant to look like text or links.
  const QUIET_VARIANTS = new Set(['subtle', 'transparent', 'link']);
  const n = (value: number) => String(Math.round(value * 10) / 10);

  const alphaOf = (colour: string): number => {
    if (colour === 'transparent' || colour === '') return 0;
    const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(colour);
    if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
    const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(colour);
    return rgba ? Number(rgba[1]) : 1;
  };

  const accessibleName = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      const text = labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
      if (text) return text;
    }
    const label = element.getAttribute('aria-label')?.trim();
    if (label) return label;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text || (element.getAttribute('title') ?? '');
  };

  const describe = (element: Element): string => {
    const role = element.getAttribute('role');
    const name = accessibleName(element);
    // Mantine's static component classes (`mantine-Button-root`), not its state ones.
    const classes = [...element.classList].filter((c) => /^mantine-[A-Z]/.test(c)).map((c) => `.${c}`);
    return [
      `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}>`,
      name ? `"${name.length > 60 ? `${name.slice(0, 57)}…` : name}"` : '',
      classes.join(''),
    ]
      .filter(Boolean)
      .join(' ');
  };

  /** Rendered for the user: not display:none, invisible, transparent, sr-only or moved out of view. */
  const shown = (element: Element): boolean => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) return false;
    // Moved off the top or left edge: a collapsed navigation, a skip link until it has focus.
    if (rect.right <= 0 || rect.bottom <= 0) return false;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const box = node.getBoundingClientRect();
      if ((box.width <= 1 || box.height <= 1) && getComputedStyle(node).overflow !== 'visible') return false;
    }
    return true;
  };

  const buttons = [
    ...document.querySelectorAll('button, [role="button"], input[type="button"], input[type="submit"]'),
  ].filter(shown);

  // 1. A button looks like a button: a background or a border, unless it is declared quiet.
  // Buttons failing alike (the same classes, variant and styles) make one line that names them all.
  const unstyled = new Map<string, { kind: string; problem: string; names: string[] }>();
  for (const button of buttons) {
    const variant = button.getAttribute('data-variant');
    if (variant && QUIET_VARIANTS.has(variant)) continue;
    if (button.classList.contains('mantine-CloseButton-root')) continue; // checked by size below
    const style = getComputedStyle(button);
    const background = alphaOf(style.backgroundColor) > 0 || style.backgroundImage !== 'none';
    const border = ['top', 'right', 'bottom', 'left'].some(
      (side) =>
        Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 &&
        !['none', 'hidden'].includes(style.getPropertyValue(`border-${side}-style`)) &&
        alphaOf(style.getPropertyValue(`border-${side}-color`)) > 0,
    );
    if (background || border) continue;
    const kind = describe(button).replace(/ ".*"/s, '');
    const problem =
      `neither a background (background-color ${style.backgroundColor}) nor a border ` +
      `(${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}); ` +
      (variant ? `its variant "${variant}" is not a quiet one` : 'it declares no variant');
    const group = unstyled.get(kind + problem) ?? { kind, problem, names: [] };
    group.names.push(accessibleName(button));
    unstyled.set(kind + problem, group);
  }
  for (const { kind, problem, names } of unstyled.values()) {
    const listed = names.slice(0, 5).map((name) => `"${name}"`);
    if (names.length > 5) listed.push(`and ${names.length - 5} more`);
    const count = names.length === 1 ? 'button' : `${names.length} buttons`;
    failures.push(`${count} ${kind} ${listed.join(', ')} ${names.length === 1 ? 'has' : 'have'} ${problem}`);
  }

  // 2. A close button is an icon, not a wall: at most 44×44 px.
  for (const button of buttons) {
    const isClose =
      button.classList.contains('mantine-CloseButton-root') || closeNames.includes(accessibleName(button));
    if (!isClose) continue;
    const rect = button.getBoundingClientRect();
    if (rect.width > MAX_CLOSE_SIZE + TOLERANCE || rect.height > MAX_CLOSE_SIZE + TOLERANCE)
      failures.push(
        `close button ${describe(button)} is ${n(rect.width)}×${n(rect.height)} px (at most ${MAX_CLOSE_SIZE}×${MAX_CLOSE_SIZE})`,
      );
  }

  // 3. An open dialog (or the palette, also a modal dialog) sits above an overlay that covers the
  // whole viewport: every point of the viewport edge outside the dialog hits that overlay.
  const covers = (rect: DOMRect) =>
    rect.left <= TOLERANCE &&
    rect.top <= TOLERANCE &&
    rect.right >= viewportWidth - TOLERANCE &&
    rect.bottom >= viewportHeight - TOLERANCE;
  const isOverlay = (element: Element): boolean => {
    if (element === root || element === document.body) return false;
    const style = getComputedStyle(element);
    if (style.position !== 'fixed' && style.position !== 'absolute') return false;
    const painted =
      alphaOf(style.backgroundColor) > 0 ||
      style.backgroundImage !== 'none' ||
      (style.backdropFilter !== 'none' && style.backdropFilter !== '');
    return painted && covers(element.getBoundingClientRect()) && shown(element);
  };
  const dialogs = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].filter(shown);
  const edge = 2;
  const probes: [number, number][] = [
    [edge, edge],
    [viewportWidth - edge, edge],
    [edge, viewportHeight - edge],
    [viewportWidth - edge, viewportHeight - edge],
    [viewportWidth / 2, edge],
    [viewportWidth / 2, viewportHeight - edge],
    [edge, viewportHeight / 2],
    [viewportWidth - edge, viewportHeight / 2],
  ];
  for (const dialog of dialogs) {
    const rect = dialog.getBoundingClientRect();
    const outside = probes.filter(
      ([x, y]) => x < rect.left || x > rect.right || y < rect.top || y > rect.bottom,
    );
    for (const [x, y] of outside) {
      const hit = document.elementFromPoint(x, y);
      let overlay: Element | null = hit;
      while (overlay && !isOverlay(overlay)) overlay = overlay.parentElement;
      if (!overlay || dialog.contains(overlay)) {
        failures.push(
          `dialog ${describe(dialog)} has no overlay covering the viewport: at (${n(x)}, ${n(y)}) the page ` +
            `shows ${hit ? describe(hit) : 'nothing'}`,
        );
        break;
      }
    }
  }
  // The topmost dialog is drawn above its overlay (and the page): its centre hits the dialog itself.
  if (dialogs.length > 0) {
    const onTop = dialogs.some((dialog) => {
      const rect = dialog.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return hit !== null && dialog.contains(hit);
    });
    if (!onTop) {
      const first = dialogs[0] as Element;
      const rect = first.getBoundingClientRect();
      const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
      const hit = document.elementFromPoint(x, y);
      failures.push(
        hit
          ? `dialog ${describe(first)} is drawn below the page: its centre (${n(x)}, ${n(y)}) shows ${describe(hit)}`
          : `dialog ${describe(first)} is out of view: it spans ${n(rect.left)}–${n(rect.right)} × ` +
              `${n(rect.top)}–${n(rect.bottom)} px in a ${viewportWidth}×${viewportHeight} viewport`,
      );
    }
  }

  // 4. No text is cut off. A text element holds text of its own (a non-blank text node child).
  const textRange = document.createRange();
  const textExtent = (element: Element) => {
    let left = Infinity;
    let right = -Infinity;
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      textRange.selectNodeContents(node);
      for (const box of textRange.getClientRects()) {
        if (box.width === 0) continue;
        left = Math.min(left, box.left);
        right = Math.max(right, box.right);
      }
    }
    return { left, right };
  };
  const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION', 'TEXTAREA', 'TITLE']);
  for (const element of document.body.querySelectorAll('*')) {
    if (skipped.has(element.tagName) || element instanceof SVGElement) continue;
    const ownText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (!ownText || !shown(element)) continue;
    const style = getComputedStyle(element);
    const what = describe(element);
    if (style.display !== 'inline' && style.overflowX !== 'visible') {
      if (element.scrollWidth > element.clientWidth + TOLERANCE) {
        failures.push(
          `text ${what} is clipped: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth} ` +
            `(overflow-x ${style.overflowX}, text-overflow ${style.textOverflow})`,
        );
        continue;
      }
    }
    const text = textExtent(element);
    if (text.right === -Infinity) continue;
    const box = element.getBoundingClientRect();
    if (
      style.overflowX === 'visible' &&
      (text.right > box.right + TOLERANCE || text.left < box.left - TOLERANCE)
    ) {
      failures.push(
        `text ${what} runs out of its box: the text spans ${n(text.left)}–${n(text.right)} px, ` +
          `the box ${n(box.left)}–${n(box.right)} px`,
      );
      continue;
    }
    // Cut off by an ancestor that hides overflow, or by the viewport. A scroll container (auto,
    // scroll) lets the user reach what it holds, so the search stops there; a fixed box escapes its
    // ancestors' clipping, so only the viewport can cut it.
    let cut = '';
    let inScroller = false;
    for (let node: Element = element; node.parentElement && node.parentElement !== root && !cut;) {
      if (getComputedStyle(node).position === 'fixed') break;
      const clipper: Element = node.parentElement;
      node = clipper;
      const overflow = getComputedStyle(clipper).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') {
        inScroller = true;
        break;
      }
      if (overflow !== 'hidden' && overflow !== 'clip') continue;
      const area = clipper.getBoundingClientRect();
      const start = area.left + clipper.clientLeft;
      const end = start + clipper.clientWidth;
      if (text.left < start - TOLERANCE || text.right > end + TOLERANCE)
        cut = `by ${describe(clipper)}, which shows ${n(start)}–${n(end)} px`;
    }
    if (!cut && !inScroller && (text.left < -TOLERANCE || text.right > viewportWidth + TOLERANCE))
      cut = `by the viewport (0–${viewportWidth} px)`;
    if (cut)
      failures.push(`text ${what} is cut off ${cut}: the text spans ${n(text.left)}–${n(text.right)} px`);
  }

  // A native select shows its chosen option in its own box: that text must fit too.
  const canvas = document.createElement('canvas').getContext('2d');
  for (const select of document.querySelectorAll('select')) {
    const option = select.selectedOptions[0];
    if (!option || !canvas || !shown(select)) continue;
    const style = getComputedStyle(select);
    canvas.font = style.font;
    const needed = canvas.measureText(option.text).width;
    const room =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    if (needed > room + TOLERANCE)
      failures.push(
        `select ${describe(select)} shows "${option.text}" (${n(needed)} px wide) in ${n(room)} px: clipped`,
      );
  }

  // And the page itself is no wider than the viewport.
  if (root.scrollWidth > root.clientWidth + TOLERANCE) {
    const wide = [...document.body.querySelectorAll('*')]
      .filter(
        (element) => shown(element) && element.getBoundingClientRect().right > viewportWidth + TOLERANCE,
      )
      .filter((element) => {
        const parent = element.parentElement;
        return !parent || parent.getBoundingClientRect().right <= viewportWidth + TOLERANCE;
      })
      .slice(0, 3)
      .map((element) => `${describe(element)} ends at ${n(element.getBoundingClientRect().right)} px`);
    failures.push(
      `the page is wider than the viewport: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}` +
        `${wide.length ? ` (${wide.join('; ')})` : ''}`,
    );
  }
  return failures;
}
