import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only once the browser has painted the rest of what mounted with it: for what lies
 * below the fold, so that the first paint shows the top of a page without waiting to render the rest. The
 * Dashboard's "All your metrics" (two-thirds of its elements) waits behind it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame's callback runs before its paint; the task it queues runs after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : null;
}
