import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { isLoggedIn, permissionsOf, rolesOf, useSession } from '../../lib/session';
import { filterMenu, menuItems, type MenuItem } from '../menu';
import { BASENAME } from '../site';

type AntdItems = NonNullable<MenuProps['items']>;

/** 'menu-satellite-chinese' for the key '/satellite/chinese'. */
function testId(key: string): string {
  return `menu-${key.replace(/^\//, '').replaceAll('/', '-')}`;
}

function ItemLink({ item }: { item: MenuItem }) {
  const props = { 'data-testid': testId(item.key) };
  const newTab = { target: '_blank', rel: 'noopener noreferrer' };
  if (item.href)
    return (
      <a href={item.href} {...newTab} {...props}>
        {item.label}
      </a>
    );
  if (item.newTab)
    return (
      <a href={`${BASENAME}${item.to}`} {...newTab} {...props}>
        {item.label}
      </a>
    );
  return (
    <Link to={item.to ?? '/home'} {...props}>
      {item.label}
    </Link>
  );
}

function toAntdItems(items: readonly MenuItem[]): AntdItems {
  return items.map((item) =>
    item.children
      ? {
          key: item.key,
          label: <span data-testid={testId(item.key)}>{item.label}</span>,
          children: toAntdItems(item.children),
        }
      : { key: item.key, label: <ItemLink item={item} /> },
  );
}

function leafKeys(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => (item.children ? leafKeys(item.children) : [item.key]));
}

/** The entry of the current page: the longest menu path that the location starts with. */
function selectedKey(items: readonly MenuItem[], pathname: string): string[] {
  const matches = leafKeys(items).filter(
    (key) => pathname === key || pathname.startsWith(`${key}/`),
  );
  const longest = matches.sort((a, b) => b.length - a.length)[0];
  return longest ? [longest] : [];
}

export function NavMenu() {
  const loggedIn = useSession(isLoggedIn);
  const permissions = useSession(permissionsOf);
  const roles = useSession(rolesOf);
  const { pathname } = useLocation();
  const visible = useMemo(
    () => filterMenu(menuItems, { loggedIn, permissions, roles }),
    [loggedIn, permissions, roles],
  );
  const items = useMemo(() => toAntdItems(visible), [visible]);

  return (
    <nav className="app-nav" data-testid="nav-menu">
      <Menu
        className="container"
        mode="horizontal"
        theme="dark"
        items={items}
        selectedKeys={selectedKey(visible, pathname)}
        // Sub-menus open on hover (spec §2), and every entry stays in the bar.
        triggerSubMenuAction="hover"
        disabledOverflow
      />
    </nav>
  );
}
