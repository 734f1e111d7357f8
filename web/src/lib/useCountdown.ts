// A countdown in whole seconds, e.g. "58秒后重新获取" on a send-code button.
import { useCallback, useEffect, useState } from 'react';

/** Seconds left (0 when idle) and `start(seconds)`; it ticks once a second down to 0. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((seconds) => Math.max(seconds - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return [left, start];
}
