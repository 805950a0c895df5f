import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { HydratedFieldset } from './hydrated-fieldset';
import { PRESSED_FIELD, watchFirstUse } from '@/first-use';

// Loaded after the globals react-dom/server needs in jsdom (a static import would evaluate it first).
await import('../../test/server-render-globals');
const { renderToString } = await import('react-dom/server');

function Form({ locked = false }: { locked?: boolean }) {
  return (
    <form aria-label="Search">
      <HydratedFieldset disabled={locked}>
        <input aria-label="Query" />
        <button type="submit">Go</button>
      </HydratedFieldset>
    </form>
  );
}

describe(HydratedFieldset.name, () => {
  let root: Root | undefined;

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  function serve(markup: string): HTMLElement {
    document.body.innerHTML = `<div id="root">${markup}</div>`;
    return document.getElementById('root')!;
  }

  it('is prerendered disabled and marked as waiting for hydration, so nothing can be typed or submitted yet', () => {
    const container = serve(renderToString(<Form />));

    const sut = container.querySelector('fieldset')!;
    expect(sut.disabled).toBe(true);
    expect(sut.hasAttribute('data-hydrating')).toBe(true);
    expect(container.querySelector('input')!.matches(':disabled')).toBe(true);
    expect(container.querySelector('button')!.matches(':disabled')).toBe(true);
  });

  it('is hydrated as prerendered, without a mismatch, then enabled in place', async () => {
    const container = serve(renderToString(<Form />));
    const input = container.querySelector('input');
    const errors: unknown[] = [];
    // React reports an attribute that differs (such as `disabled`) on the console, not as an error.
    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await act(async () => {
      root = hydrateRoot(container, <Form />, { onRecoverableError: (error) => errors.push(error) });
    });

    const logged = consoleErrors.mock.calls.map(([message]) => String(message));
    consoleErrors.mockRestore();
    const sut = container.querySelector('fieldset')!;
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.querySelector('input')).toBe(input);
    expect(sut.disabled).toBe(false);
    expect(sut.hasAttribute('data-hydrating')).toBe(false);
  });

  it('is enabled at once when rendered in the browser (a page reached by a link)', () => {
    const container = serve('');

    act(() => {
      root = createRoot(container);
      root.render(<Form />);
    });

    expect(container.querySelector('fieldset')!.disabled).toBe(false);
  });

  it('stays disabled, with the disabled look, while its own `disabled` holds', async () => {
    const container = serve(renderToString(<Form locked />));
    expect(container.querySelector('fieldset')!.hasAttribute('data-hydrating')).toBe(false);

    await act(async () => {
      root = hydrateRoot(container, <Form locked />);
    });

    expect(container.querySelector('fieldset')!.disabled).toBe(true);
  });

  // ADR 0063: on a visitor's view hydrated on first use, a tap on a field that waits for hydration is not lost.
  it('gives the focus, once hydrated, to a field pressed while it waited; a locked one keeps none', async () => {
    for (const locked of [false, true]) {
      const container = serve(renderToString(<Form locked={locked} />));
      const watch = watchFirstUse(window);
      const input = container.querySelector('input')!;
      input.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(PRESSED_FIELD in input).toBe(!locked);

      const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await act(async () => {
        root = hydrateRoot(container, <Form locked={locked} />);
      });
      expect(consoleErrors).not.toHaveBeenCalled();
      consoleErrors.mockRestore();

      expect(document.activeElement === input).toBe(!locked);
      expect(PRESSED_FIELD in input).toBe(false);
      watch.release();
      act(() => root?.unmount());
      root = undefined;
      input.blur();
    }
  });
});
