import { afterEach, describe, expect, it } from 'vitest';
import { regionRange, signIn } from '../test/session';
import { SESSION_STORAGE_KEY, isLoggedIn, permissionsOf, useSession } from './session';

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as unknown;

afterEach(() => useSession.getState().clear());

describe('the session store', () => {
  it('keeps only the token in localStorage, so a reload keeps the login', () => {
    signIn(['MOD_056']);
    useSession.setState({ areaRange: [regionRange()] });
    expect(stored()).toMatchObject({ state: { token: 'session-token' } });
    expect(JSON.stringify(stored())).not.toContain('MOD_056');
  });

  it('clears token, user info, area range and cart count', () => {
    signIn(['MOD_061'], 12);
    useSession.setState({ areaRange: [regionRange()] });
    useSession.getState().clear();
    expect(useSession.getState()).toMatchObject({
      token: null,
      userInfo: null,
      areaRange: [],
      cartCount: 0,
    });
    expect(stored()).toMatchObject({ state: { token: null } });
  });

  it('reads login state and permissions from the user info', () => {
    expect(isLoggedIn(useSession.getState())).toBe(false);
    expect(permissionsOf(useSession.getState())).toEqual([]);
    signIn(['MOD_059']);
    expect(isLoggedIn(useSession.getState())).toBe(true);
    expect(permissionsOf(useSession.getState())).toEqual(['MOD_059']);
  });
});
