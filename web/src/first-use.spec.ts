import { describe, expect, it } from '@jest/globals';
import { FIRST_USE_EVENTS, watchFirstUse } from './first-use';

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe(watchFirstUse.name, () => {
  it.each(FIRST_USE_EVENTS)('settles on the first %s, and not before', async (type) => {
    const sut = watchFirstUse(window);
    expect(await settled(sut.used)).toBe(false);

    document.body.dispatchEvent(new Event(type, { bubbles: true }));

    expect(await settled(sut.used)).toBe(true);
    sut.release();
  });

  it('holds a click on a button until released, then gives it back; a click on a link goes through', async () => {
    document.body.innerHTML = '<button type="button">Menu</button><a href="#next"><span>Next</span></a>';
    const button = document.querySelector('button')!;
    const span = document.querySelector('span')!;
    const clicks: EventTarget[] = [];
    document.body.addEventListener('click', (event) => clicks.push(event.target!));
    const sut = watchFirstUse(window);

    const buttonClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(buttonClick);
    span.click();

    expect(buttonClick.defaultPrevented).toBe(true);
    expect(clicks).toEqual([span]);
    expect(sut.held()).toEqual([button]);
    expect(sut.held()).toEqual([]);
    sut.release();
    button.click();
    expect(clicks).toEqual([span, button]);
  });

  it("holds a click on a button's icon as a click on the button", () => {
    document.body.innerHTML = '<button type="button"><svg><path d="M0 0"></path></svg></button>';
    const sut = watchFirstUse(window);

    document.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

    expect(sut.held()).toEqual([document.querySelector('button')]);
    sut.release();
  });
});
