import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signInEditor, testUser } from '../../test/session';

const draft = {
  id: 31,
  type: 0,
  title: '关于系统维护的通知',
  summary: '维护期间暂停下载',
  author: '平台运维组',
  cover: null,
  pinned: false,
  published: false,
  publishedAt: null,
  demo: false,
};

const stored = {
  ...draft,
  id: 32,
  title: '新通知',
  summary: '正文',
  author: '',
  body: '<p>正文</p>',
  updatedAt: '2026-11-27 10:00',
};

function routes() {
  return {
    ...accountRoutes({ user: { ...testUser([], 3, ['editor']), username: 'editor' } }),
    'GET /api/news/v3/manage': () =>
      envelope({ total: 1, pageNum: 1, pageSize: 20, list: [draft] }),
    'DELETE /api/news/v3/manage/31': () => envelope(true),
    'PUT /api/news/v3/manage/31/published': () =>
      envelope({ ...draft, published: true, body: '', updatedAt: '2026-11-27 10:00' }),
    'POST /api/news/v3/manage': () => envelope({ id: 32 }),
    'GET /api/news/v3/manage/32': () => envelope(stored),
  };
}

beforeEach(() => {
  // jsdom has no editing commands (the editor's toolbar is not used here).
  Object.defineProperty(document, 'execCommand', { configurable: true, value: () => true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('新闻管理', () => {
  it('shows an editor the content console and none of the administration pages', async () => {
    stubServer(routes());
    signInEditor();
    renderApp('/manage/news');
    expect(await screen.findByText('关于系统维护的通知')).toBeInTheDocument();
    expect(screen.getByTestId('side-menu-news')).toBeInTheDocument();
    expect(screen.getByTestId('side-menu-pages')).toBeInTheDocument();
    expect(screen.getByTestId('side-menu-files')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu-users')).not.toBeInTheDocument();
    expect(screen.queryByTestId('side-menu-audit')).not.toBeInTheDocument();
  });

  it('deletes an item only after the confirmation', async () => {
    const requests = stubServer(routes());
    signInEditor();
    renderApp('/manage/news');
    const row = (await screen.findByText('关于系统维护的通知')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByTestId('news-delete'));
    const confirm = await screen.findByTestId('news-delete-confirm');
    expect(screen.getByText('删除这条新闻？')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/news/v3/manage/31')).toHaveLength(0);
    await userEvent.click(confirm);
    await waitFor(() => expect(requestsTo(requests, '/api/news/v3/manage/31')).toHaveLength(1));
    expect(requestsTo(requests, '/api/news/v3/manage/31')[0]?.method).toBe('DELETE');
  });

  it('publishes a draft', async () => {
    const requests = stubServer(routes());
    signInEditor();
    renderApp('/manage/news');
    const row = (await screen.findByText('关于系统维护的通知')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByTestId('news-publish'));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/news/v3/manage/31/published')).toHaveLength(1),
    );
    expect(await requestsTo(requests, '/api/news/v3/manage/31/published')[0]?.json()).toEqual({
      value: true,
    });
  });

  it("checks a new item as the server would, then shows the server's stored body", async () => {
    const requests = stubServer(routes());
    signInEditor();
    renderApp('/manage/news?edit=new');
    const save = await screen.findByTestId('news-form-save');
    await userEvent.type(screen.getByTestId('news-form-cover'), 'javascript:alert(1)');
    await userEvent.click(save);
    expect(await screen.findByText('标题不能为空')).toBeInTheDocument();
    expect(screen.getByText('封面地址无效：应为 http(s) 地址或本站路径')).toBeInTheDocument();
    const posts = () =>
      requestsTo(requests, '/api/news/v3/manage').filter((r) => r.method === 'POST');
    expect(posts()).toHaveLength(0);

    await userEvent.clear(screen.getByTestId('news-form-cover'));
    await userEvent.type(screen.getByTestId('news-form-title'), '新通知');
    await userEvent.click(screen.getByRole('tab', { name: 'HTML' }));
    await userEvent.type(screen.getByTestId('news-body-html'), '<p onclick="x()">正文</p>');
    await userEvent.click(save);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await posts()[0]?.json()).toEqual({
      type: 0,
      title: '新通知',
      author: '',
      summary: '',
      cover: null,
      body: '<p onclick="x()">正文</p>',
    });
    expect(await screen.findByTestId('news-form-saved')).toBeInTheDocument();
    // The body is now what the server stored, without the event attribute.
    expect(screen.getByTestId('news-body-html')).toHaveValue('<p>正文</p>');
    // The address now names the new item, and the form shows its state.
    expect(await screen.findByTestId('news-form-state')).toHaveTextContent('草稿');
  });
});
