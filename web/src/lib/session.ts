// The visitor's session: the only client state shared across the app besides map selection.
// Logging in arrives with the accounts module; it fills these fields (spec §3, §4).
import { create } from 'zustand';

export interface UserInfo {
  id: number;
  username: string;
  /** 0 is a person (spec §3). */
  accountType: number;
}

/** One entry of the user's authorised area range (spec §3). */
export interface AreaRangeItem {
  /** 'regionId' is the kind that monitoring pages require. */
  type: string;
  regionId: string;
  /** 0 is active. */
  status: number;
  /** 0 is not deleted. */
  isDelete: number;
}

interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  permissions: string[];
  areaRange: AreaRangeItem[];
  cartCount: number;
  /** Clears everything the session holds (spec §4: token, user info, area range, cart count). */
  logout: () => void;
}

const signedOut = {
  token: null,
  userInfo: null,
  permissions: [],
  areaRange: [],
  cartCount: 0,
} satisfies Omit<SessionState, 'logout'>;

export const useSession = create<SessionState>()((set) => ({
  ...signedOut,
  logout: () => set(signedOut),
}));

export function isLoggedIn(state: Pick<SessionState, 'userInfo'>): boolean {
  return state.userInfo !== null;
}
