// 常见问题 (/about/FAQ): the FAQ's entries, answers folded until opened, and a search box that
// asks the server as the user types (after a pause).
import { useState } from 'react';
import { Collapse, Input, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';
import { useDebounced } from '../../lib/useDebounced';
import { MAX_FAQ_QUERY, faqQueryOptions } from './api/getFaq';

/** How long typing pauses before the search is sent, ms. */
const SEARCH_PAUSE_MS = 300;

export function FaqPage() {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed, SEARCH_PAUSE_MS);
  const faq = useQuery(faqQueryOptions(q));

  let content;
  if (faq.isError) {
    content = (
      <LoadFailed title="常见问题加载失败" onRetry={() => void faq.refetch()} testId="faq-failed" />
    );
  } else if (!faq.data) {
    content = <Spin data-testid="faq-loading" />;
  } else if (faq.data.length === 0) {
    content = (
      <p className="about-empty" data-testid="faq-empty">
        {q.trim() ? `没有找到与「${q.trim()}」相关的问题` : '暂无常见问题'}
      </p>
    );
  } else {
    content = (
      <Collapse
        data-testid="faq-list"
        items={faq.data.map((entry) => ({
          key: entry.id,
          label: <span data-testid="faq-question">{entry.question}</span>,
          // The answer is cleaned by the server (the news allow-list) before it is stored.
          children: (
            <div
              className="faq-answer"
              data-testid="faq-answer"
              dangerouslySetInnerHTML={{ __html: entry.answer }}
            />
          ),
        }))}
      />
    );
  }

  return (
    <div data-testid="faq-page">
      <Input.Search
        className="faq-search"
        placeholder="搜索问题或答案"
        aria-label="搜索常见问题"
        allowClear
        maxLength={MAX_FAQ_QUERY}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={setTyped}
        data-testid="faq-search"
      />
      {content}
    </div>
  );
}
