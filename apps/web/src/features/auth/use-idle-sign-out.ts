import { useEffect, useRef } from 'react';

/** Shared by the tabs of one browser: activity in any of them keeps the session alive. */
export const LAST_ACTIVITY_KEY = 'healthfolio.lastActivity';
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Storage writes and timer re-arming at most this often; far below any sign-out delay. */
const ACTIVITY_THROTTLE_MS = 5_000;

function readSharedActivity(): number {
  try {
    return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeSharedActivity(at: number): void {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Without storage each tab keeps its own clock.
  }
}

/**
 * The privacy setting "sign out after inactivity": with `minutes` > 0, no pointer or keyboard
 * activity in any tab for that long calls `onIdle` once. A sleeping laptop counts as inactive.
 */
export function useIdleSignOut(minutes: number, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!(minutes > 0)) return;
    const limitMs = minutes * 60_000;
    let lastActivity = Date.now();
    let lastWrite = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    writeSharedActivity(lastActivity);

    const check = () => {
      const last = Math.max(lastActivity, readSharedActivity());
      const remaining = last + limitMs - Date.now();
      if (remaining <= 0) {
        done = true;
        onIdleRef.current();
        return;
      }
      timer = setTimeout(check, remaining);
    };
    const onActivity = () => {
      const now = Date.now();
      lastActivity = now;
      if (now - lastWrite >= ACTIVITY_THROTTLE_MS) {
        lastWrite = now;
        writeSharedActivity(now);
      }
    };
    // Timers are throttled in background tabs; look again as soon as the tab is shown.
    const onVisible = () => {
      if (done || document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      check();
    };

    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    timer = setTimeout(check, limitMs);
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [minutes]);
}
