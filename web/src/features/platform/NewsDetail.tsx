// One news item (…/detail/:id): title, author and time, and the body. The body is HTML that
// the server cleaned on an allow-list before storing it (news/text.rs: no script, style,
// frame or event attribute; links and images only to http(s), mailto or this server), so it
// is shown as HTML.
import { Button, Result, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { useNewsDetail } from './api/news';

/** The item of the address's `:id`, with a way back to `listPath`. */
export function NewsDetail({ listPath, listTitle }: { listPath: string; listTitle: string }) {
  const { id } = useParams();
  const number = /^\d{1,15}$/.test(id ?? '') ? Number(id) : null;
  const item = useNewsDetail(number);
  const back = (
    <Link to={listPath}>
      <Button>返回{listTitle}</Button>
    </Link>
  );

  if (number === null || (item.error instanceof ApiError && item.error.status === 404)) {
    return (
      <Result status="404" title="新闻不存在或已撤回" extra={back} data-testid="news-missing" />
    );
  }
  if (item.isError) {
    return (
      <LoadFailed
        title="新闻加载失败"
        onRetry={() => void item.refetch()}
        testId="news-load-failed"
      />
    );
  }
  if (!item.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const news = item.data;
  return (
    <article className="news-detail" data-testid="news-detail">
      <h2 className="news-detail__title">{news.title}</h2>
      <p className="news-detail__meta">
        {news.demo && <Tag>演示</Tag>}
        {news.author && <span>作者：{news.author}</span>}
        {news.publishedAt && <time>发布时间：{news.publishedAt}</time>}
      </p>
      <div
        className="news-detail__body"
        data-testid="news-body"
        // Cleaned by the server on an allow-list before it was stored (see the top).
        dangerouslySetInnerHTML={{ __html: news.body }}
      />
      <footer className="news-detail__back">{back}</footer>
    </article>
  );
}
