import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';

/** What every page receives from the route table (see src/app/router.tsx). */
export interface PageProps {
  /** The route's path pattern, e.g. '/platform/newsList/notic/detail/:id'. */
  path: string;
  title: string;
  /** Titles from the top-level section down to this page. */
  trail: readonly string[];
}

/** The frame of an inner page: breadcrumb, heading, then the page's own content. */
export function PageFrame({
  title,
  trail,
  children,
}: Pick<PageProps, 'title' | 'trail'> & { children: ReactNode }) {
  const items = [
    { key: 'home', title: <Link to="/home">首页</Link> },
    ...trail.map((crumb, index) => ({ key: `${index}`, title: crumb })),
  ];
  return (
    <section className="page-frame">
      <Breadcrumb items={items} data-testid="breadcrumb" />
      <h1 className="page-frame__title" data-testid="page-title">
        {title}
      </h1>
      <div className="page-frame__body">{children}</div>
    </section>
  );
}
