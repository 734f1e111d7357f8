// The visitor's session (spec §3, §4): the token, the user's details and area range, and the
// cart count. The token is kept in localStorage so that a reload keeps the login; everything
// else is fetched again for it (the navigation guard, src/app/guard.ts, does that).
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { components } from '../api/schema';

/** What GET /api/usercenter/detail answers: id, username, accountType (0 person), permissions, … */
export type UserInfo = components['schemas']['UserInfo'];

/** One entry of the user's authorised area range; type 'regionId' is what monitoring needs. */
export type AreaRangeItem = components['schemas']['AreaRange'];

interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  areaRange: AreaRangeItem[];
  cartCount: number;
  /**
   * Forgets the session here (spec §4: token, user info, area range, cart count; the menu
   * follows the permissions, so it goes with them). Ending it on the server as well is
   * `logout()` in src/api/logout.ts.
   */
  clear: () => void;
}

const signedOut = {
  token: null,
  userInfo: null,
  areaRange: [],
  cartCount: 0,
} satisfies Omit<SessionState, 'clear'>;

/** The localStorage key of the persisted token. */
export const SESSION_STORAGE_KEY = 'rscloud-session';

export const useSession = create<SessionState>()(
  persist((set) => ({ ...signedOut, clear: () => set(signedOut) }), {
    name: SESSION_STORAGE_KEY,
    // Only the token: user info and range are re-read from the server, never trusted from disk.
    partialize: (state) => ({ token: state.token }),
  }),
);

export function isLoggedIn(state: Pick<SessionState, 'userInfo'>): boolean {
  return state.userInfo !== null;
}

const NO_PERMISSIONS: readonly string[] = [];

const NO_ROLES: readonly string[] = [];

/** The user's role codes; the same empty list while anonymous (stable for selectors). */
export function rolesOf(state: Pick<SessionState, 'userInfo'>): readonly string[] {
  return state.userInfo?.roles ?? NO_ROLES;
}

/** The user's permission codes; the same empty list while anonymous (stable for selectors). */
export function permissionsOf(state: Pick<SessionState, 'userInfo'>): readonly string[] {
  return state.userInfo?.permissions ?? NO_PERMISSIONS;
}
