import { describe, expect, it, vi } from 'vitest';
import {
  dismissLogin,
  loginSucceeded,
  openLogin,
  useLoginPrompt,
  whenLoggedIn,
} from './loginPrompt';

describe('the login prompt', () => {
  it('runs queued callbacks once, in order, after the next successful login', () => {
    const calls: string[] = [];
    openLogin();
    whenLoggedIn(() => calls.push('route'));
    whenLoggedIn(() => calls.push('detail'));
    expect(calls).toEqual([]);
    loginSucceeded();
    expect(calls).toEqual(['route', 'detail']);
    expect(useLoginPrompt.getState().open).toBe(false);
    loginSucceeded();
    expect(calls).toEqual(['route', 'detail']);
  });

  it('drops the queued work when the visitor closes the dialog', () => {
    const callback = vi.fn();
    openLogin();
    whenLoggedIn(callback);
    dismissLogin();
    expect(useLoginPrompt.getState().open).toBe(false);
    loginSucceeded();
    expect(callback).not.toHaveBeenCalled();
  });
});
