// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_KEY, useIdleSignOut } from './use-idle-sign-out';

describe('useIdleSignOut', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('signs out after the chosen minutes without activity', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(15, onIdle));
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity, here or in another tab, restarts the wait', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(15, onIdle));
    vi.advanceTimersByTime(10 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing when turned off', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(0, onIdle));
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
