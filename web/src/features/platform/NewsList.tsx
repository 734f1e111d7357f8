// A news type's list (/platform/newsList/* and /platform/GEO/*): published items, pinned ones
// first, then newest first, with a title filter and paging; each title opens the item.
import { useState } from 'react';
import { Empty, Input, Pagination, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { useNewsList, type NewsListQuery } from './api/news';

const PAGE_SIZE = 10;

/** The list of `newsType`, its items opening under `listPath`/detail/. */
export function NewsList({ newsType, listPath }: { newsType: number; listPath: string }) {
  const [query, setQuery] = useState<NewsListQuery>({
    type: newsType,
    title: '',
    pageNum: 1,
    pageSize: PAGE_SIZE,
  });
  const news = useNewsList(query);
  const page = news.data;

  return (
    <div className="news-list" data-testid="news-list">
      <Input.Search
        className="news-list__search"
        placeholder="按标题搜索"
        allowClear
        maxLength={50}
        aria-label="按标题搜索"
        onSearch={(title) => setQuery({ ...query, title, pageNum: 1 })}
      />
      {news.isError && !page ? (
        <LoadFailed
          title="新闻列表加载失败"
          onRetry={() => void news.refetch()}
          testId="news-load-failed"
        />
      ) : !page ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : page.list.length === 0 ? (
        <Empty description={query.title ? '没有标题含此内容的新闻' : '暂无新闻'} />
      ) : (
        <>
          <ul className="news-list__items" aria-busy={news.isFetching}>
            {page.list.map((item) => (
              <li key={item.id} className="news-list__item" data-testid="news-item">
                <div className="news-list__head">
                  {item.pinned && <Tag color="red">置顶</Tag>}
                  {item.demo && <Tag>演示</Tag>}
                  <Link to={`${listPath}/detail/${item.id}`} className="news-list__title">
                    {item.title}
                  </Link>
                  <time className="news-list__time">{item.publishedAt}</time>
                </div>
                {item.summary && <p className="news-list__summary">{item.summary}</p>}
              </li>
            ))}
          </ul>
          <Pagination
            className="news-list__pages"
            current={page.pageNum}
            pageSize={page.pageSize}
            total={page.total}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 条`}
            onChange={(pageNum) => setQuery({ ...query, pageNum })}
          />
        </>
      )}
    </div>
  );
}
