import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render } from '@testing-library/react';
import { PREVIEW_CONTINUE_MARGIN, usePreviewedList, type PagedList } from './use-previewed-list';

/** A stand-in for the browser's IntersectionObserver: the test says when the watched element comes near. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly watched: Element[] = [];
  constructor(
    private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.watched.length = 0;
  }
  comeNear() {
    act(() => this.callback([{ isIntersecting: true }]));
  }
}

function list(
  overrides: Partial<Omit<PagedList, 'fetchNextPage'>> = {},
): PagedList & { fetchNextPage: jest.Mock<PagedList['fetchNextPage']> } {
  return {
    data: { pages: [{ preview: true }] },
    isPlaceholderData: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    ...overrides,
    fetchNextPage: jest.fn<PagedList['fetchNextPage']>(async () => undefined),
  };
}

function List({ query }: { query: PagedList }) {
  const end = usePreviewedList(query);
  return <div ref={end}>Load more</div>;
}

describe(usePreviewedList.name, () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    FakeObserver.instances = [];
    Object.assign(globalThis, { IntersectionObserver: FakeObserver });
  });
  afterEach(() => {
    cleanup();
    Object.assign(globalThis, { IntersectionObserver: original });
  });

  it('fetches the rest of a previewed list only once the end of the list comes within a screen of the viewport', () => {
    const query = list();
    render(<List query={query} />);
    const [observer] = FakeObserver.instances;
    expect(observer?.options.rootMargin).toBe(PREVIEW_CONTINUE_MARGIN);
    expect(observer?.watched.map((element) => element.textContent)).toEqual(['Load more']);
    expect(query.fetchNextPage).not.toHaveBeenCalled();

    observer?.comeNear();
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(query.fetchNextPage).toHaveBeenCalledWith({ cancelRefetch: false });
  });

  it('leaves a list alone that did not come as a preview, or has nothing more', () => {
    const fetched = list({ data: { pages: [{}] } });
    const finished = list({ hasNextPage: false });
    render(
      <>
        <List query={fetched} />
        <List query={finished} />
      </>,
    );
    for (const observer of FakeObserver.instances) observer.comeNear();
    expect(fetched.fetchNextPage).not.toHaveBeenCalled();
    expect(finished.fetchNextPage).not.toHaveBeenCalled();
  });

  it('goes on at once in a browser without IntersectionObserver', () => {
    Object.assign(globalThis, { IntersectionObserver: undefined });
    const query = list();
    render(<List query={query} />);
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
