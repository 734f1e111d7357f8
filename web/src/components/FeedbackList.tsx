// One's own feedback with the platform's answers, newest first, paged: shown under the
// feedback form (/about/contactUs/idea) and in the personal centre (我的反馈).
import { useState } from 'react';
import { List, Pagination, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { myFeedbackQueryOptions, type FeedbackItem } from '../api/feedback';
import { LoadFailed } from './LoadFailed';
import './FeedbackList.css';

const PAGE_SIZE = 10;

function Item({ item }: { item: FeedbackItem }) {
  return (
    <List.Item data-testid="feedback-item">
      <div className="feedback-item">
        <p className="feedback-item__meta">
          <Tag>{item.category}</Tag>
          <time>{item.createdAt}</time>
          {item.answer ? <Tag color="green">已回复</Tag> : <Tag>待回复</Tag>}
        </p>
        <p className="feedback-item__text">{item.content}</p>
        {item.answer && (
          <div className="feedback-item__answer" data-testid="feedback-answer">
            <strong>平台回复</strong>
            {item.answeredAt && <time>{item.answeredAt}</time>}
            <p>{item.answer}</p>
          </div>
        )}
      </div>
    </List.Item>
  );
}

export function FeedbackList() {
  const [pageNum, setPageNum] = useState(1);
  const own = useQuery(myFeedbackQueryOptions(pageNum, PAGE_SIZE));
  if (own.isError) {
    return (
      <LoadFailed
        title="我的反馈加载失败"
        onRetry={() => void own.refetch()}
        testId="feedback-load-failed"
      />
    );
  }
  if (!own.data) return <Spin data-testid="feedback-loading" />;
  if (own.data.total === 0) {
    return (
      <p className="feedback-list__empty" data-testid="feedback-empty">
        还没有提交过反馈
      </p>
    );
  }
  return (
    <div data-testid="feedback-list">
      <List<FeedbackItem>
        dataSource={own.data.list}
        rowKey="id"
        renderItem={(item) => <Item item={item} />}
      />
      <Pagination
        current={pageNum}
        pageSize={PAGE_SIZE}
        total={own.data.total}
        showSizeChanger={false}
        showTotal={(total) => `共 ${total} 条`}
        onChange={setPageNum}
        hideOnSinglePage
      />
    </div>
  );
}
