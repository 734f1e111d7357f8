// The navigation menu as data, and the pure filter that decides what a visitor sees (spec §2).
import type { Permission } from '../api/permissions';
import {
  authorityCodes,
  displayCode,
  holds,
  staffAllows,
  type StaffRule,
  type Viewer,
} from '../lib/access';
import { childRoutes, routeAt, type AppRoute } from './routes';
import { externalLinks } from './site';

/** The `nav` value of items that only logged-in users see. */
export const NEED_LOGIN = 'NEED_LOGIN';

export interface MenuItem {
  /** Unique; the route path for entries made from the route table. */
  key: string;
  label: string;
  /** true: always shown; NEED_LOGIN: shown when logged in; false: needs the `display` permission. */
  nav: boolean | typeof NEED_LOGIN;
  /** Permissions that show an item whose `nav` is false (any one does), e.g. ['MOD_056_DISPLAY']. */
  display?: readonly Permission[];
  /** Shown only to the staff this rule admits, whatever `nav` says (the 系统管理 pages). */
  staff?: StaffRule;
  /** A path of the route table, opened inside the SPA unless `newTab`. */
  to?: string;
  /** An address outside the SPA (always opened in a new tab). */
  href?: string;
  newTab?: boolean;
  children?: MenuItem[];
}

function isVisible(item: MenuItem, viewer: Viewer): boolean {
  if (item.staff) return staffAllows(viewer, item.staff);
  if (item.nav === true) return true;
  if (item.nav === NEED_LOGIN) return viewer.loggedIn;
  return item.display?.some((code) => holds(viewer, code)) ?? false;
}

/** The items the viewer may see; a parent whose children were all filtered out goes too. */
export function filterMenu(items: readonly MenuItem[], viewer: Viewer): MenuItem[] {
  return items.flatMap((item) => {
    if (!isVisible(item, viewer)) return [];
    if (!item.children) return [item];
    const children = filterMenu(item.children, viewer);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** Menu access follows page access: a page with an authority shows with its _DISPLAY code. */
function access(route: AppRoute): Pick<MenuItem, 'nav' | 'display' | 'staff'> {
  if (route.staff) return { nav: NEED_LOGIN, staff: route.staff };
  if (route.authority)
    return { nav: false, display: authorityCodes(route.authority).map(displayCode) };
  return { nav: route.loginAuthority ? NEED_LOGIN : true };
}

/** A route and everything under it as menu items; detail pages (`:id`) are not menu entries. */
function routeMenu(path: string): MenuItem {
  const route = routeAt(path);
  const item: MenuItem = { key: route.path, label: route.title, ...access(route) };
  if (route.page) return { ...item, to: route.path };
  const children = childRoutes(route.path).filter((child) => !child.path.includes(':'));
  return { ...item, children: children.map((child) => routeMenu(child.path)) };
}

export const menuItems: MenuItem[] = [
  routeMenu('/home'),
  routeMenu('/normal'),
  routeMenu('/satellite'),
  routeMenu('/monitor'),
  routeMenu('/statistics'),
  routeMenu('/push'),
  routeMenu('/plan'),
  // Listed for everyone and opened in a new tab (spec §2); that tab asks for the login.
  { key: '/orbitalPredict', label: '轨道预报', nav: true, to: '/orbitalPredict', newTab: true },
  routeMenu('/platform'),
  routeMenu('/about'),
  routeMenu('/personal/personalCenter'),
  routeMenu('/manage'),
  {
    key: 'links',
    label: '相关网站',
    nav: true,
    children: externalLinks.map((link) => ({
      key: `links-${link.key}`,
      label: link.label,
      nav: true,
      href: link.href,
    })),
  },
];
