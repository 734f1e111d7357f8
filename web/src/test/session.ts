// Session fixtures for component and unit tests.
import { useSession, type AreaRangeItem, type UserInfo } from '../lib/session';

export function testUser(permissions: string[] = [], id = 7, roles: string[] = []): UserInfo {
  return {
    id,
    username: 'hubei',
    accountType: 0,
    telephone: null,
    email: null,
    permissions,
    roles,
    personInfo: { relatePushNodeInfo: [] },
    token: 'session-token',
  };
}

export function regionRange(regionId = '420000'): AreaRangeItem {
  return { id: 1, type: 'regionId', regionId, status: 0, isDelete: 0 };
}

/** A logged-in session with these permissions, as the guard leaves it. */
export function signIn(permissions: string[], cartCount = 0): void {
  useSession.setState({ token: 'session-token', userInfo: testUser(permissions), cartCount });
}

/** A logged-in administrator (the admin role), as the guard leaves it. */
export function signInAdmin(permissions: string[] = []): void {
  useSession.setState({
    token: 'session-token',
    userInfo: { ...testUser(permissions, 1, ['admin']), username: 'admin' },
  });
}

/** A logged-in content editor (the editor role), as the guard leaves it. */
export function signInEditor(): void {
  useSession.setState({
    token: 'session-token',
    userInfo: { ...testUser([], 3, ['editor']), username: 'editor' },
  });
}
