// The header's menu bar (spec §2). Sub-menus open on hover, and on click or Enter for touch
// screens and keyboards; Escape, leaving or a chosen page closes them. Our own markup rather
// than antd's Menu: antd's renders every entry of every sub-menu a second time, hidden, to
// learn the menu's paths. On a page of only the header and the home text, Lighthouse's phone
// score fell from 92 to 79 when antd's menu was added.
import { useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { isLoggedIn, permissionsOf, rolesOf, useSession } from '../../lib/session';
import { filterMenu, menuItems, type MenuItem } from '../menu';
import { BASENAME } from '../site';

/** 'menu-satellite-chinese' for the key '/satellite/chinese'. */
function testId(key: string): string {
  return `menu-${key.replace(/^\//, '').replaceAll('/', '-')}`;
}

function ItemLink({ item, current }: { item: MenuItem; current: boolean }) {
  const props = {
    'data-testid': testId(item.key),
    className: 'nav-menu__link',
    'aria-current': current ? ('page' as const) : undefined,
  };
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

function leafKeys(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => (item.children ? leafKeys(item.children) : [item.key]));
}

/** The entry of the current page: the longest menu path that the location starts with. */
function selectedKey(items: readonly MenuItem[], pathname: string): string | undefined {
  const matches = leafKeys(items).filter(
    (key) => pathname === key || pathname.startsWith(`${key}/`),
  );
  return matches.sort((a, b) => b.length - a.length)[0];
}

/** Whether `item` is the selected entry or holds it. */
function holdsKey(item: MenuItem, key: string | undefined): boolean {
  return item.key === key || (item.children?.some((child) => holdsKey(child, key)) ?? false);
}

/** The bar's state, the same for every entry at every level. */
interface MenuState {
  /** The keys of the open sub-menus, outermost first. */
  open: readonly string[];
  openAt: (depth: number, key: string) => void;
  closeFrom: (depth: number) => void;
  selected: string | undefined;
}

function Entry({ item, depth, menu }: { item: MenuItem; depth: number; menu: MenuState }) {
  const { open, openAt, closeFrom, selected } = menu;
  const className = `nav-menu__entry${holdsKey(item, selected) ? ' nav-menu__entry--selected' : ''}`;
  if (!item.children)
    return (
      <li className={className}>
        <ItemLink item={item} current={item.key === selected} />
      </li>
    );
  const isOpen = open[depth] === item.key;
  const popupId = `${testId(item.key)}-popup`;
  return (
    <li
      className={`${className} nav-menu__entry--parent`}
      onMouseEnter={() => openAt(depth, item.key)}
      onMouseLeave={() => closeFrom(depth)}
    >
      <button
        type="button"
        className="nav-menu__link"
        aria-expanded={isOpen}
        aria-controls={popupId}
        data-testid={testId(item.key)}
        // Opens only: a pointer's hover has opened it already, and a tap is a hover and a click.
        onClick={() => openAt(depth, item.key)}
      >
        {item.label}
      </button>
      {isOpen && (
        <ul
          id={popupId}
          className={`nav-menu__popup nav-menu__popup--${depth === 0 ? 'down' : 'side'}`}
        >
          {item.children.map((child) => (
            <Entry key={child.key} item={child} depth={depth + 1} menu={menu} />
          ))}
        </ul>
      )}
    </li>
  );
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
  const [open, setOpen] = useState<readonly string[]>([]);
  const openAt = (depth: number, key: string) => setOpen((keys) => [...keys.slice(0, depth), key]);
  const closeFrom = (depth: number) => setOpen((keys) => keys.slice(0, depth));
  const closeAll = () => setOpen([]);
  const menu: MenuState = { open, openAt, closeFrom, selected: selectedKey(visible, pathname) };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || open.length === 0) return;
    // Back to the entry whose sub-menu closes last, so the keyboard keeps its place.
    document
      .querySelector<HTMLElement>(`[aria-controls="${testId(open[0] ?? '')}-popup"]`)
      ?.focus();
    closeAll();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) closeAll();
  };

  return (
    <nav className="app-nav" aria-label="主菜单" data-testid="nav-menu">
      {/* A chosen page closes the menus; the link's own click still navigates. */}
      <ul
        className="container nav-menu"
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) closeAll();
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        {visible.map((item) => (
          <Entry key={item.key} item={item} depth={0} menu={menu} />
        ))}
      </ul>
    </nav>
  );
}
