import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { routeAt } from '../../app/routes';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import type { NewsSummary } from './api/news';
import PlatformPage from './PlatformPage';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, title: string, extra: Partial<NewsSummary> = {}): NewsSummary => ({
  id,
  type: 0,
  title,
  summary: `${title}的摘要`,
  author: '编辑部',
  cover: null,
  pinned: false,
  published: true,
  publishedAt: '2026-11-20 09:30',
  demo: false,
  ...extra,
});

const page = (list: NewsSummary[], total = list.length, pageNum = 1) =>
  envelope({ list, total, pageNum, pageSize: 10 });

function show(path: string, at = path) {
  const route = routeAt(path);
  return renderPage(<PlatformPage path={path} title={route.title} trail={route.trail} />, path, at);
}

describe('a news list', () => {
  it('shows its type’s items, pinned marked, and pages and filters on the server', async () => {
    const requests = stubServer({
      'GET /api/news/v3/news-v3': (request) => {
        const query = new URL(request.url).searchParams;
        if (query.get('title')) return page([item(7, '例行维护通知')]);
        if (query.get('pageNum') === '2') return page([item(3, '第十一条')], 11, 2);
        return page(
          [
            item(9, '置顶通知', { pinned: true, demo: true }),
            ...[1, 2].map((n) => item(n, `通知${n}`)),
          ],
          11,
        );
      },
    });
    show('/platform/newsList/notic');
    const rows = await screen.findAllByTestId('news-item');
    expect(rows).toHaveLength(3);
    const [top] = rows as [HTMLElement, ...HTMLElement[]];
    expect(within(top).getByText('置顶')).toBeInTheDocument();
    expect(within(top).getByText('演示')).toBeInTheDocument();
    expect(within(top).getByRole('link', { name: '置顶通知' })).toHaveAttribute(
      'href',
      '/platform/newsList/notic/detail/9',
    );
    expect(screen.getByText('共 11 条')).toBeInTheDocument();
    const first = new URL(requestsTo(requests, '/api/news/v3/news-v3')[0]?.url ?? '').searchParams;
    expect(first.get('type')).toBe('0');

    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('第十一条')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('按标题搜索'), '例行维护{Enter}');
    expect(await screen.findByText('例行维护通知')).toBeInTheDocument();
    const last = requestsTo(requests, '/api/news/v3/news-v3').at(-1);
    expect(new URL(last?.url ?? '').searchParams.get('pageNum')).toBe('1');
  });

  it('says when there is nothing to show', async () => {
    stubServer({ 'GET /api/news/v3/news-v3': () => page([]) });
    show('/platform/GEO/cooperation');
    expect(await screen.findByText('暂无新闻')).toBeInTheDocument();
  });
});

describe('a news item', () => {
  it('shows the title, author, time and the body the server cleaned', async () => {
    stubServer({
      'GET /api/news/v3/id/5': () =>
        envelope({
          ...item(5, '高分七号影像上线'),
          body: '<p>正文<strong>内容</strong></p>',
          updatedAt: '2026-11-20 10:00',
        }),
    });
    show('/platform/newsList/notic/detail/:id', '/platform/newsList/notic/detail/5');
    const article = await screen.findByTestId('news-detail');
    expect(within(article).getByRole('heading', { name: '高分七号影像上线' })).toBeInTheDocument();
    expect(article).toHaveTextContent('作者：编辑部');
    expect(within(screen.getByTestId('news-body')).getByText('内容').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '返回通知公告' })).toHaveAttribute(
      'href',
      '/platform/newsList/notic',
    );
  });

  it('says an item is missing or withdrawn without a toast', async () => {
    stubServer({
      'GET /api/news/v3/id/8': () =>
        envelope(null, { code: 404, status: 404, message: '新闻不存在或已撤回' }),
    });
    show('/platform/GEO/dynamicInfo/detail/:id', '/platform/GEO/dynamicInfo/detail/8');
    expect(await screen.findByTestId('news-missing')).toHaveTextContent('新闻不存在或已撤回');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('the introduction and GEO pages', () => {
  it.each([
    ['/platform/platformIntro/data-sources', '/api/page/v1/page/platformIntro%2Fdata-sources'],
    ['/platform/GEO/plan', '/api/page/v1/page/geo%2Fplan'],
    ['/platform/GEO/links', '/api/page/v1/page/geo%2Flinks'],
  ])('%s shows its editable page', async (path, api) => {
    stubServer({
      [`GET ${api}`]: () =>
        envelope({
          slug: 'x',
          title: 'x',
          body: '<p>可编辑的正文</p>',
          updatedAt: '2026-11-27 09:00',
          updatedBy: 'editor',
          demo: false,
        }),
    });
    show(path);
    expect(await screen.findByText('可编辑的正文')).toBeInTheDocument();
  });

  it('says a page not written yet is not published', async () => {
    stubServer({});
    show('/platform/platformIntro/evaluation');
    expect(await screen.findByTestId('editable-page-empty')).toHaveTextContent(
      '「服务评价」暂未发布。',
    );
  });
});
