// An editable page's text (api/editablePage.ts), for every page whose words editors change from
// the console: loading, a failure with 重试, the fallback when no page has the slug yet (or it
// is empty), else the body. The body is HTML that the server cleaned on an allow-list before
// storing it (no script, style, frame or event attribute; links and images only to http(s),
// mailto or this server), so it is shown as HTML. Editors see 编辑此页, which opens the page in
// the console.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { editablePageQueryOptions } from '../api/editablePage';
import { canEditContent, viewerOf } from '../lib/access';
import { useSession } from '../lib/session';
import { LoadFailed } from './LoadFailed';
import './EditablePage.css';

/** 编辑此页 for those who edit content (the console checks again, and so does the server). */
export function PageEditLink({ slug }: { slug: string }) {
  const userInfo = useSession((state) => state.userInfo);
  if (!canEditContent(viewerOf({ userInfo }))) return null;
  return (
    <Link
      className="editable-page__edit"
      to={`/manage/pages?slug=${encodeURIComponent(slug)}`}
      data-testid="page-edit-link"
    >
      编辑此页
    </Link>
  );
}

/** What a page shows when its text has not been written yet. */
const DEFAULT_FALLBACK = '暂无内容';

export function EditablePage({ slug, fallback }: { slug: string; fallback?: ReactNode }) {
  const page = useQuery(editablePageQueryOptions(slug));
  const missing = page.error instanceof ApiError && page.error.status === 404;
  if (page.isError && !missing) {
    return (
      <LoadFailed
        title="内容加载失败"
        onRetry={() => void page.refetch()}
        testId="editable-page-failed"
      />
    );
  }
  if (page.isPending) return <Spin data-testid="editable-page-loading" />;
  if (missing || !page.data?.body.trim()) {
    return (
      <div className="editable-page__empty" data-testid="editable-page-empty">
        {fallback ?? DEFAULT_FALLBACK}
        <PageEditLink slug={slug} />
      </div>
    );
  }
  const { body, demo, updatedAt } = page.data;
  return (
    <article className="editable-page" data-testid="editable-page">
      <div
        className="editable-page__body"
        data-testid="editable-page-body"
        // Cleaned by the server on an allow-list before it was stored (see the top).
        dangerouslySetInnerHTML={{ __html: body }}
      />
      <p className="editable-page__meta">
        {demo && <Tag>演示</Tag>}
        <time>更新时间：{updatedAt}</time>
        <PageEditLink slug={slug} />
      </p>
    </article>
  );
}
