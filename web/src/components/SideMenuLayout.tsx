// A page area with its pages listed on the left (系统管理, 个人中心): the page frame, a side
// menu of the area's pages, and the current page beside it.
import type { ReactNode } from 'react';
import { Menu } from 'antd';
import { Link } from 'react-router';
import { PageFrame, type PageProps } from './PageFrame';
import './SideMenuLayout.css';

/** One page of the area. */
export interface SideMenuEntry {
  path: string;
  title: string;
}

/** 'side-menu-users' for '/manage/users'. */
function testId(path: string): string {
  return `side-menu-${path.split('/').at(-1) ?? ''}`;
}

export function SideMenuLayout({
  path,
  title,
  trail,
  entries,
  children,
}: PageProps & { entries: readonly SideMenuEntry[]; children: ReactNode }) {
  return (
    <PageFrame title={title} trail={trail}>
      <div className="side-menu-layout">
        <Menu
          className="side-menu-layout__menu"
          mode="inline"
          selectedKeys={[path]}
          items={entries.map((entry) => ({
            key: entry.path,
            label: (
              <Link to={entry.path} data-testid={testId(entry.path)}>
                {entry.title}
              </Link>
            ),
          }))}
        />
        <div className="side-menu-layout__page">{children}</div>
      </div>
    </PageFrame>
  );
}
