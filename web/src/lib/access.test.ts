import { describe, expect, it } from 'vitest';
import {
  MOD_054,
  MOD_056,
  MOD_056_DISPLAY,
  MOD_061,
  MOD_061_DISPLAY,
  PERMISSION_NAMES,
} from '../api/permissions';
import { regionRange, testUser } from '../test/session';
import { NO_PERMISSION_MESSAGE, NO_RANGE_MESSAGE } from './monitoringRule';
import {
  NOT_ADMIN_MESSAGE,
  NOT_UNIT_MESSAGE,
  NOT_EDITOR_MESSAGE,
  canAdminister,
  canEditContent,
  canPush,
  canUseCart,
  displayCode,
  holds,
  pageRefusal,
  staffAllows,
  staffRefusal,
  viewerOf,
  type Viewer,
} from './access';

const anonymous: Viewer = { loggedIn: false, permissions: [], roles: [] };
const viewer = (...permissions: string[]): Viewer => ({ loggedIn: true, permissions, roles: [] });

describe('access rules', () => {
  it('reads the viewer of a session: anonymous without user info, else its permissions', () => {
    expect(viewerOf({ userInfo: null })).toEqual(anonymous);
    expect(viewerOf({ userInfo: testUser([MOD_061]) })).toEqual(viewer(MOD_061));
  });

  it('shows the cart only to a logged-in user holding MOD_061, not its display code', () => {
    expect(canUseCart(anonymous)).toBe(false);
    expect(canUseCart(viewer())).toBe(false);
    expect(canUseCart(viewer(MOD_061_DISPLAY))).toBe(false);
    expect(canUseCart(viewer(MOD_061))).toBe(true);
  });

  it('lets only a logged-in holder of the admin role administer, not a holder of every code', () => {
    expect(canAdminister(anonymous)).toBe(false);
    expect(canAdminister({ ...anonymous, roles: ['admin'] })).toBe(false);
    expect(canAdminister(viewer(...Object.keys(PERMISSION_NAMES)))).toBe(false);
    expect(canAdminister({ ...viewer(), roles: ['monitor'] })).toBe(false);
    expect(canAdminister({ ...viewer(), roles: ['monitor', 'admin'] })).toBe(true);
    expect(viewerOf({ userInfo: testUser([], 1, ['admin']) }).roles).toEqual(['admin']);
  });

  it('lets only logged-in administrators push, not editors or holders of every code', () => {
    expect(canPush(anonymous)).toBe(false);
    expect(canPush({ ...anonymous, roles: ['admin'] })).toBe(false);
    expect(canPush(viewer(...Object.keys(PERMISSION_NAMES)))).toBe(false);
    expect(canPush({ ...viewer(), roles: ['editor'] })).toBe(false);
    expect(canPush({ ...viewer(), roles: ['admin'] })).toBe(true);
  });

  it('lets logged-in editors and administrators edit content, nobody else', () => {
    expect(canEditContent(anonymous)).toBe(false);
    expect(canEditContent({ ...anonymous, roles: ['editor'] })).toBe(false);
    expect(canEditContent(viewer(...Object.keys(PERMISSION_NAMES)))).toBe(false);
    expect(canEditContent({ ...viewer(), roles: ['monitor'] })).toBe(false);
    expect(canEditContent({ ...viewer(), roles: ['editor'] })).toBe(true);
    expect(canEditContent({ ...viewer(), roles: ['admin'] })).toBe(true);
  });

  it("admits staff by rule and refuses with the server's message for that rule", () => {
    const editor = { ...viewer(), roles: ['editor'] };
    const admin = { ...viewer(), roles: ['admin'] };
    expect(staffAllows(editor, 'editor')).toBe(true);
    expect(staffAllows(editor, 'admin')).toBe(false);
    expect(staffAllows(admin, 'admin')).toBe(true);
    expect(staffRefusal(editor, 'admin')).toBe(NOT_ADMIN_MESSAGE);
    expect(staffRefusal(viewer(), 'editor')).toBe(NOT_EDITOR_MESSAGE);
    expect(staffRefusal(admin, 'editor')).toBeUndefined();
    // Plans are filled by units: any logged-in account but an administrator.
    expect(staffAllows(editor, 'unit')).toBe(true);
    expect(staffAllows(anonymous, 'unit')).toBe(false);
    expect(staffRefusal(admin, 'unit')).toBe(NOT_UNIT_MESSAGE);
  });

  it('refuses a page first for its permission, then for a missing regionId range', () => {
    const hubei = [regionRange('420000')];
    expect(pageRefusal(viewer(), MOD_056, hubei)).toBe(NO_PERMISSION_MESSAGE);
    expect(pageRefusal(viewer(MOD_056_DISPLAY), MOD_056, hubei)).toBe(NO_PERMISSION_MESSAGE);
    expect(pageRefusal(viewer(MOD_056), MOD_056, [])).toBe(NO_RANGE_MESSAGE);
    expect(
      pageRefusal(viewer(MOD_056), MOD_056, [{ ...regionRange('420000'), type: 'other' }]),
    ).toBe(NO_RANGE_MESSAGE);
    expect(pageRefusal(viewer(MOD_056), MOD_056, hubei)).toBeUndefined();
    expect(pageRefusal(viewer(MOD_056), MOD_054, hubei)).toBe(NO_PERMISSION_MESSAGE);
  });

  it('opens a page of several permissions to a holder of any one of them', () => {
    const hubei = [regionRange('420000')];
    expect(pageRefusal(viewer(MOD_056), [MOD_054, MOD_056], hubei)).toBeUndefined();
    expect(pageRefusal(viewer(MOD_056), [MOD_054], hubei)).toBe(NO_PERMISSION_MESSAGE);
    expect(pageRefusal(viewer(MOD_056), [MOD_054, MOD_056], [])).toBe(NO_RANGE_MESSAGE);
  });

  it('pairs a page code with its menu code and knows both by name', () => {
    expect(displayCode(MOD_056)).toBe(MOD_056_DISPLAY);
    expect(holds(viewer(MOD_056_DISPLAY), displayCode(MOD_056))).toBe(true);
    expect(PERMISSION_NAMES[MOD_056]).toBe('地表覆盖监测');
    expect(PERMISSION_NAMES[MOD_056_DISPLAY]).toBe('显示：地表覆盖监测');
  });
});
