import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useIdle, whenIdle } from './use-idle';

function Probe() {
  return <p>{useIdle() ? 'idle' : 'busy'}</p>;
}

describe(useIdle.name, () => {
  const { requestIdleCallback, cancelIdleCallback } = window;

  afterEach(() => {
    cleanup();
    Object.assign(window, { requestIdleCallback, cancelIdleCallback });
  });

  it('is false on the first render and true once the browser has been idle', async () => {
    const idle: Array<() => void> = [];
    Object.assign(window, { requestIdleCallback: (callback: () => void) => idle.push(callback), cancelIdleCallback: () => undefined });

    render(<Probe />);
    expect(screen.getByText('busy')).toBeTruthy();

    act(() => idle.forEach((callback) => callback()));
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('runs the task in a task of its own where the browser has no requestIdleCallback, and can be cancelled', () => {
    jest.useFakeTimers();
    Object.assign(window, { requestIdleCallback: undefined });
    const ran: string[] = [];

    whenIdle(() => ran.push('first'));
    const cancel = whenIdle(() => ran.push('second'));
    cancel();
    expect(ran).toEqual([]);
    jest.runAllTimers();

    expect(ran).toEqual(['first']);
    jest.useRealTimers();
  });
});
