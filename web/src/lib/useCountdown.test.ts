import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './useCountdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('is idle until started', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
  });

  it('counts down once a second and stops at 0', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current[1](60));
    expect(result.current[0]).toBe(60);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current[0]).toBe(59);
    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(result.current[0]).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current[0]).toBe(0);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current[0]).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('can start again after it ran out', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current[1](2));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => result.current[1](3));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current[0]).toBe(2);
  });
});
