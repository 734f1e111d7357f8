import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeAt } from '../../app/routes';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import type { FeedbackItem } from '../../api/feedback';
import type { PushNode } from './api/getPushNodes';
import AboutPage from './AboutPage';

afterEach(() => vi.unstubAllGlobals());

function show(path: string) {
  const route = routeAt(path);
  return renderPage(<AboutPage path={path} title={route.title} trail={route.trail} />, path);
}

const failure = () => envelope(null, { code: 500, status: 500, message: '服务异常' });

const node = (name: string, regionId: string, accounts: number): PushNode => ({
  name,
  regionId,
  regionName: regionId === '420000' ? '湖北省' : null,
  accounts,
});

describe('省级节点', () => {
  it('lists the nodes with their regions and connected accounts', async () => {
    stubServer({
      'GET /api/usercenter/pushnode': () =>
        envelope([node('湖北省推送节点', '420000', 1), node('湖南省推送节点', '430000', 0)]),
    });
    show('/about/province');
    const table = await screen.findByTestId('province-table');
    expect(await within(table).findByText('湖北省推送节点')).toBeInTheDocument();
    expect(within(table).getByText('湖北省')).toBeInTheDocument();
    // Without the boundaries imported, the region shows as its code.
    expect(within(table).getAllByText('430000')).toHaveLength(2);
    expect(screen.getByTestId('province-summary')).toHaveTextContent(
      '共 2 个省级节点，其中 1 个已接入账号。',
    );
  });

  it('says when there are none, and when they failed to load', async () => {
    stubServer({ 'GET /api/usercenter/pushnode': () => envelope([]) });
    const { unmount } = show('/about/province');
    expect(await screen.findByText('暂无省级节点')).toBeInTheDocument();
    unmount();
    stubServer({ 'GET /api/usercenter/pushnode': failure });
    show('/about/province');
    expect(await screen.findByTestId('province-load-failed')).toBeInTheDocument();
  });
});

const piece = (id: number, extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  category: '数据问题',
  content: `第${id}条反馈`,
  contact: '',
  createdAt: '2026-11-27 10:00',
  answer: null,
  answeredAt: null,
  ...extra,
});

const own = (list: FeedbackItem[]) =>
  envelope({ list, total: list.length, pageNum: 1, pageSize: 10 });

describe('意见反馈', () => {
  it('checks the form, sends it, says so, and shows the list with answers', async () => {
    let sent: FeedbackItem[] = [piece(1, { answer: '已处理', answeredAt: '2026-11-27 11:00' })];
    const requests = stubServer({
      'GET /api/feedback': () => own(sent),
      'POST /api/feedback/submit': async (request) => {
        const body = (await request.json()) as { content: string };
        sent = [piece(2, { content: body.content }), ...sent];
        return envelope(sent[0]);
      },
    });
    show('/about/contactUs/idea');
    expect(await screen.findByTestId('feedback-answer')).toHaveTextContent('已处理');

    // Nothing is sent while the category or the text is missing.
    await userEvent.type(screen.getByTestId('feedback-content'), '   ');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByText('请选择反馈类型')).toBeInTheDocument();
    expect(await screen.findByText('请填写反馈内容')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/feedback/submit')).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('功能建议'));
    await userEvent.clear(screen.getByTestId('feedback-content'));
    await userEvent.type(screen.getByTestId('feedback-content'), ' 希望支持批量下载 ');
    expect(screen.getByText('10 / 2000')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('feedback-submit'));

    expect(await screen.findByTestId('feedback-sent')).toHaveTextContent('提交成功');
    const [submit] = requestsTo(requests, '/api/feedback/submit');
    expect(await submit?.json()).toEqual({ category: '功能建议', content: '希望支持批量下载' });
    await waitFor(() => expect(screen.getAllByTestId('feedback-item')).toHaveLength(2));
    expect(screen.getByTestId('feedback-content')).toHaveValue('');
  });

  it('says when nothing was sent yet, and when the list failed to load', async () => {
    stubServer({ 'GET /api/feedback': () => own([]) });
    const { unmount } = show('/about/contactUs/idea');
    expect(await screen.findByTestId('feedback-empty')).toHaveTextContent('还没有提交过反馈');
    unmount();
    stubServer({ 'GET /api/feedback': failure });
    show('/about/contactUs/idea');
    expect(await screen.findByTestId('feedback-load-failed')).toBeInTheDocument();
  });
});
