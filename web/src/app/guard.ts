// The navigation guard of spec §4: decides, before a page shows, whether the visitor may see
// it. It runs for every location (src/app/RouteGuard.tsx applies its outcome), in this order:
// 1. a token without user info: load the user, then check the route again;
// 2. a logged-in user on a route with an authority: fetch the area range; the page shows only
//    with the permission and at least one range of type regionId, else the page's refusal;
//    on a console route (staff), anyone the staff rule does not admit gets the refusal;
// 3. no token and ?screenCode=1|2: silent login of a display screen (with its ?screenKey when the
//    address has one), then the route again;
// 4. otherwise: anonymous visitors get the login dialog for routes that need a login.
import { getAreaRange } from '../api/getAreaRange';
import { getUserDetail } from '../api/getUserDetail';
import { screenLogin, type ScreenCode } from '../api/screenLogin';
import { pageRefusal, staffRefusal, viewerOf } from '../lib/access';
import { useSession, type AreaRangeItem, type UserInfo } from '../lib/session';
import { FALLBACK_PATH, matchAppRoute, type AppRoute } from './routes';

/** A location as the guard sees it. */
export interface GuardTarget {
  pathname: string;
  search: string;
}

export type GuardOutcome =
  | { kind: 'allow' }
  /** Show the page's refusal instead of the page. */
  | { kind: 'refuse'; message: string }
  /** Go there instead (replacing the location). */
  | { kind: 'redirect'; to: string }
  /** Open the login dialog, open `target` after the login, and show `back` meanwhile. */
  | { kind: 'login'; target: string; back: string };

/** The server calls the guard makes; tests pass their own. */
export interface GuardDeps {
  /** The user answer, checked before use: an old or broken server may send less. */
  fetchUser: () => Promise<unknown>;
  fetchAreaRange: (userId: number) => Promise<AreaRangeItem[]>;
  screenLogin: (code: ScreenCode, key?: string) => Promise<string>;
}

const serverDeps: GuardDeps = {
  fetchUser: getUserDetail,
  fetchAreaRange: getAreaRange,
  screenLogin,
};

const allow: GuardOutcome = { kind: 'allow' };
const goHome: GuardOutcome = { kind: 'redirect', to: FALLBACK_PATH };

function needsLogin(route: AppRoute | undefined): boolean {
  return route !== undefined && (route.authority !== undefined || route.loginAuthority);
}

/** A user answer is usable only with id, username and a permission list (spec §4). */
function isComplete(user: unknown): user is UserInfo {
  return (
    typeof user === 'object' &&
    user !== null &&
    'id' in user &&
    typeof user.id === 'number' &&
    'username' in user &&
    typeof user.username === 'string' &&
    user.username !== '' &&
    'permissions' in user &&
    Array.isArray(user.permissions)
  );
}

/**
 * Loads the user of the session's token into the session. An incomplete answer ends the
 * session (resolves false); so does a failed call (rejects).
 */
export async function loadUserInfo(fetchUser = serverDeps.fetchUser): Promise<boolean> {
  let user: unknown;
  try {
    user = await fetchUser();
  } catch (error) {
    useSession.getState().clear();
    throw error;
  }
  if (isComplete(user)) {
    useSession.setState({ userInfo: user });
    return true;
  }
  useSession.getState().clear();
  return false;
}

function screenCodeOf(search: string): ScreenCode | undefined {
  const code = new URLSearchParams(search).get('screenCode');
  if (code === '1') return 1;
  if (code === '2') return 2;
  return undefined;
}

/** The key a display screen outside the server's configured networks logs in with. */
function screenKeyOf(search: string): string | undefined {
  return new URLSearchParams(search).get('screenKey') || undefined;
}

/**
 * Where a display screen goes once logged in: its route again, code 1 flagged with
 * screenCode=1 (and its screenKey, to log in again when the session ends), code 2 with the
 * geojsonId it was opened with.
 */
function screenLanding(to: GuardTarget, code: ScreenCode): string {
  const asked = new URLSearchParams(to.search);
  const query = new URLSearchParams();
  const key = screenKeyOf(to.search);
  if (code === 1) query.set('screenCode', '1');
  if (code === 1 && key) query.set('screenKey', key);
  const geojsonId = asked.get('geojsonId');
  if (code === 2 && geojsonId) query.set('geojsonId', geojsonId);
  const search = query.toString();
  return search ? `${to.pathname}?${search}` : to.pathname;
}

/**
 * The guard's decision for `to`. `previous` is the page shown before it, null on the first
 * navigation of the visit ("from root").
 */
export async function checkRoute(
  to: GuardTarget,
  previous: GuardTarget | null,
  deps: GuardDeps = serverDeps,
): Promise<GuardOutcome> {
  const { token, userInfo } = useSession.getState();
  const route = matchAppRoute(to.pathname);

  if (token && !userInfo) {
    try {
      await loadUserInfo(deps.fetchUser);
    } catch {
      return goHome;
    }
    // Either there is a user now, or the session is gone: both decide the route anew.
    return checkRoute(to, previous, deps);
  }

  if (userInfo && route?.authority) {
    let ranges: AreaRangeItem[];
    try {
      ranges = await deps.fetchAreaRange(userInfo.id);
    } catch {
      return goHome;
    }
    useSession.setState({ areaRange: ranges });
    const refusal = pageRefusal(viewerOf({ userInfo }), route.authority, ranges);
    return refusal ? { kind: 'refuse', message: refusal } : allow;
  }

  if (userInfo && route?.staff) {
    const refusal = staffRefusal(viewerOf({ userInfo }), route.staff);
    if (refusal) return { kind: 'refuse', message: refusal };
  }

  const screenCode = screenCodeOf(to.search);
  if (!token && screenCode) {
    try {
      useSession.setState({ token: await deps.screenLogin(screenCode, screenKeyOf(to.search)) });
    } catch {
      return goHome;
    }
    return { kind: 'redirect', to: screenLanding(to, screenCode) };
  }

  if (!userInfo && needsLogin(route)) {
    // From root there is no page to stay on, so the visitor waits at home (spec §4); the page
    // before stays, unless it needs a login too (the session ended while it showed).
    const back =
      previous && !needsLogin(matchAppRoute(previous.pathname))
        ? `${previous.pathname}${previous.search}`
        : FALLBACK_PATH;
    return { kind: 'login', target: `${to.pathname}${to.search}`, back };
  }
  return allow;
}
