// The named access rules of spec §4 and §6, the one place that decides what a visitor may see
// and do: the menu (app/menu.ts), the header (cart icon), the navigation guard (app/guard.ts)
// and the pages ask here instead of looking into permission lists themselves. The codes come
// from api/permissions.ts, generated from the server's table; the monitoring refusals and the
// regionId range rule from monitoringRule.ts.
import { MOD_061, type Permission } from '../api/permissions';
import { NO_PERMISSION_MESSAGE, NO_RANGE_MESSAGE, regionCodes } from './monitoringRule';
import { isLoggedIn, permissionsOf, rolesOf, type AreaRangeItem, type UserInfo } from './session';

/** The server's refusal of an administration page to anyone but an administrator. */
export const NOT_ADMIN_MESSAGE = '仅系统管理员可以进行此操作';

/** The server's refusal of a content console page to anyone but an editor or administrator. */
export const NOT_EDITOR_MESSAGE = '仅内容编辑可以进行此操作';

/** The server's refusal of a unit's page (计划填报) to an administrator. */
export const NOT_UNIT_MESSAGE = '仅填报单位（省级等用户）可以进行此操作';

/** The role of administrators (accounts, orders, requests, the audit log). */
const ADMIN_ROLE = 'admin';

/** The role of content editors (news, editable pages, shared files, feedback answers). */
const EDITOR_ROLE = 'editor';

/**
 * Which staff open a console page (系统管理): `admin` administrators only (accounts, orders,
 * requests, the audit log); `editor` content editors, that is editors and administrators
 * (news, pages, files); `unit` the accounts that fill acquisition plans, every logged-in
 * account but administrators (计划填报). The server guards the same routes with
 * `Require::admin()`, `Require::editor()` and `Require::unit()`; the last also wants an area
 * range, which the session does not hold, so an account without one meets the server's 403.
 */
export type StaffRule = 'admin' | 'editor' | 'unit';

/** A code that opens a page or its data, as opposed to a menu entry's `_DISPLAY` code. */
export type PagePermission = Exclude<Permission, `${string}_DISPLAY`>;

/** Who the rules look at: logged in or not, the permission codes and the role codes held. */
export interface Viewer {
  loggedIn: boolean;
  permissions: readonly string[];
  roles: readonly string[];
}

/**
 * What opens a page: a permission, or a list of which any one does (动态分析: any monitoring
 * theme's).
 */
export type PageAuthority = PagePermission | readonly PagePermission[];

/** The permissions of an authority, any one of which opens its page. */
export function authorityCodes(authority: PageAuthority): readonly PagePermission[] {
  return typeof authority === 'string' ? [authority] : authority;
}

/** The viewer of a session (its `userInfo`, null while anonymous). */
export function viewerOf(session: { userInfo: UserInfo | null }): Viewer {
  return {
    loggedIn: isLoggedIn(session),
    permissions: permissionsOf(session),
    roles: rolesOf(session),
  };
}

/** Does the viewer hold `code`? */
export function holds(viewer: Viewer, code: Permission): boolean {
  return viewer.permissions.includes(code);
}

/** The code that shows the menu entry of the page that `page` opens. */
export function displayCode(page: PagePermission): Permission {
  return `${page}_DISPLAY`;
}

/** The cart icon, its count and 加入购物车 (spec §6: MOD_061, cart and order data). */
export function canUseCart(viewer: Viewer): boolean {
  return viewer.loggedIn && holds(viewer, MOD_061);
}

/** Accounts, orders, requests and the audit log: logged-in administrators only (the admin role). */
export function canAdminister(viewer: Viewer): boolean {
  return viewer.loggedIn && viewer.roles.includes(ADMIN_ROLE);
}

/**
 * Sending a batch of scenes to province nodes (推送 on the image query): logged-in
 * administrators, as the server's `Require::admin()` on `POST /api/push/v1/batch`.
 */
export function canPush(viewer: Viewer): boolean {
  return canAdminister(viewer);
}

/** The content console (news, editable pages, files, feedback answers): logged-in editors and administrators. */
export function canEditContent(viewer: Viewer): boolean {
  return viewer.loggedIn && (viewer.roles.includes(EDITOR_ROLE) || canAdminister(viewer));
}

/** Filling acquisition plans (计划填报): logged-in accounts that are not administrators. */
export function canFillPlans(viewer: Viewer): boolean {
  return viewer.loggedIn && !canAdminister(viewer);
}

const STAFF_RULES: Record<StaffRule, { allows: (viewer: Viewer) => boolean; refusal: string }> = {
  admin: { allows: canAdminister, refusal: NOT_ADMIN_MESSAGE },
  editor: { allows: canEditContent, refusal: NOT_EDITOR_MESSAGE },
  unit: { allows: canFillPlans, refusal: NOT_UNIT_MESSAGE },
};

/** Does the viewer pass a page's staff rule? */
export function staffAllows(viewer: Viewer, rule: StaffRule): boolean {
  return STAFF_RULES[rule].allows(viewer);
}

/** Why a staff page is refused to a logged-in user (the server's message), or undefined. */
export function staffRefusal(viewer: Viewer, rule: StaffRule): string | undefined {
  return staffAllows(viewer, rule) ? undefined : STAFF_RULES[rule].refusal;
}

/** Is a page with this authority listed for the viewer (its _DISPLAY code, as the menu does)? */
export function listsPage(viewer: Viewer, authority: PageAuthority | undefined): boolean {
  return (
    authority === undefined ||
    authorityCodes(authority).some((code) => holds(viewer, displayCode(code)))
  );
}

/**
 * Why a page with an authority (a monitoring theme, the feedback page) is refused to a
 * logged-in user, or undefined when it may show (spec §4): the permission first, then at
 * least one area range of type regionId. This is the monitoring rule (`canMonitor(theme)`).
 */
export function pageRefusal(
  viewer: Viewer,
  authority: PageAuthority,
  ranges: readonly AreaRangeItem[],
): string | undefined {
  if (!authorityCodes(authority).some((code) => holds(viewer, code))) return NO_PERMISSION_MESSAGE;
  if (regionCodes(ranges).length === 0) return NO_RANGE_MESSAGE;
  return undefined;
}
