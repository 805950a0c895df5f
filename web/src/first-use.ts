/**
 * The first sign that someone is about to use the page (ADR 0062): the pointer over it or pressed on it, a touch, a
 * key, or focus moving into it. A prerendered page that is its whole first view waits for this before its app loads
 * and hydrates, so nothing runs on the main thread at load.
 */
export const FIRST_USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

export interface FirstUse {
  /** Settles on the first of FIRST_USE_EVENTS. */
  used: Promise<void>;
  /**
   * Clicks on anything but a link that came after first use, held back while the app was not there to handle them
   * (its handlers are not attached before hydration). A link's click is left to the browser, which loads that page.
   */
  held: () => HTMLElement[];
  /** Stops holding clicks: from now on the hydrated app gets them. */
  release: () => void;
}

/**
 * Marks a field pressed while it waits for hydration (disabled in its `HydratedFieldset`, where a press does nothing):
 * the fieldset gives it the focus once hydrated, so a tap on the search box is not lost. A property, not an attribute:
 * React would find an attribute the markup did not have when it hydrates.
 */
export const PRESSED_FIELD = Symbol.for('paymarket.pressed');

export function watchFirstUse(target: Window = window): FirstUse {
  const held: HTMLElement[] = [];
  const markPressed = (event: Event) => {
    const field = event.target instanceof Element ? event.target.closest('fieldset[data-hydrating] :is(input, select, textarea)') : null;
    if (field) Object.assign(field, { [PRESSED_FIELD]: true });
  };
  for (const type of ['pointerdown', 'touchstart'] as const) target.addEventListener(type, markPressed, { capture: true, passive: true });
  const hold = (event: MouseEvent) => {
    const clicked = event.target instanceof Element ? event.target : null;
    if (!clicked || clicked.closest('a[href]')) return;
    // An icon's <svg> or <path> cannot be clicked again by script: the element around it can.
    let element: Element | null = clicked;
    while (element && !(element instanceof HTMLElement)) element = element.parentElement;
    if (!element) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(element);
  };
  target.addEventListener('click', hold, true);
  const used = new Promise<void>((resolve) => {
    const onUse = () => {
      for (const type of FIRST_USE_EVENTS) target.removeEventListener(type, onUse, true);
      resolve();
    };
    for (const type of FIRST_USE_EVENTS) target.addEventListener(type, onUse, { capture: true, passive: true });
  });
  return {
    used,
    held: () => held.splice(0),
    release: () => target.removeEventListener('click', hold, true),
  };
}
