import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeAt } from '../../app/routes';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import type { FeedbackItem } from '../../api/feedback';
import type { PushNode } from '../../api/getPushNodes';
import AboutPage from './AboutPage';

afterEach(() => vi.unstubAllGlobals());

function show(path: string) {
  const route = routeAt(path);
  return renderPage(<AboutPage path={path} title={route.title} trail={route.trail} />, path);
}

const failure = () => envelope(null, { code: 500, status: 500, message: '服务异常' });

const node = (name: string, regionId: string, accounts: number): PushNode => ({
  id: Number(regionId.slice(0, 2)),
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

const faq = (id: number, question: string, answer: string) => ({
  id,
  question,
  answer,
  sort: id,
  updatedAt: '2026-11-27 09:00',
  demo: true,
});

describe('常见问题', () => {
  it('lists the entries folded, opens one, and searches on the server as the user types', async () => {
    const requests = stubServer({
      'GET /api/page/v1/faq': (request) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q === '注册') return envelope([faq(1, '如何注册账号？', '<p>点击右上角注册。</p>')]);
        if (q) return envelope([]);
        return envelope([
          faq(1, '如何注册账号？', '<p>点击右上角注册。</p>'),
          faq(2, '如何下载影像？', '<p>加入购物车后提交订单。</p>'),
        ]);
      },
    });
    show('/about/FAQ');
    const questions = await screen.findAllByTestId('faq-question');
    expect(questions.map((q) => q.textContent)).toEqual(['如何注册账号？', '如何下载影像？']);
    expect(screen.queryByText('点击右上角注册。')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('如何注册账号？'));
    expect(await screen.findByText('点击右上角注册。')).toBeVisible();

    await userEvent.type(screen.getByLabelText('搜索常见问题'), '注册');
    await waitFor(() => expect(screen.getAllByTestId('faq-question')).toHaveLength(1));
    const searches = requestsTo(requests, '/api/page/v1/faq').map((r) =>
      new URL(r.url).searchParams.get('q'),
    );
    // One request for the whole word, not one per character typed.
    expect(searches).toEqual([null, '注册']);

    await userEvent.clear(screen.getByLabelText('搜索常见问题'));
    await userEvent.type(screen.getByLabelText('搜索常见问题'), '火星');
    expect(await screen.findByTestId('faq-empty')).toHaveTextContent(
      '没有找到与「火星」相关的问题',
    );
  });

  it('says when the FAQ failed to load', async () => {
    stubServer({ 'GET /api/page/v1/faq': failure });
    show('/about/FAQ');
    expect(await screen.findByTestId('faq-failed')).toBeInTheDocument();
  });
});

const file = (id: number, title: string, name: string, extra: object = {}) => ({
  id,
  category: 'software',
  owner: 'LandSIS',
  title,
  name,
  mime: 'application/zip',
  size: 2_621_440,
  sha256: '00',
  version: '',
  createdAt: '2026-11-20 10:00',
  demo: true,
  url: `/api/share/v2/file/${id}`,
  ...extra,
});

const files = (list: object[], total = list.length) =>
  envelope({ list, total, pageNum: 1, pageSize: 10 });

describe('软件共享 and 资料共享', () => {
  it('shows a software’s description and its downloads with version, size, date and link', async () => {
    const requests = stubServer({
      'GET /api/page/v1/page/software%2Flandsis': () =>
        envelope({
          slug: 'software/landsis',
          title: 'LandSIS',
          body: '<p>LandSIS 是影像处理软件。</p>',
          updatedAt: '2026-11-27 09:00',
          updatedBy: '',
          demo: true,
        }),
      'GET /api/share/v2': () =>
        files([file(5, 'LandSIS 安装包', 'LandSIS-1.0.0.zip', { version: '1.0.0' })]),
    });
    show('/about/software/LandSIS');
    expect(await screen.findByText('LandSIS 是影像处理软件。')).toBeInTheDocument();
    const table = await screen.findByTestId('file-table');
    expect(await within(table).findByText('LandSIS 安装包')).toBeInTheDocument();
    expect(within(table).getByText('1.0.0')).toBeInTheDocument();
    expect(within(table).getByText('ZIP')).toBeInTheDocument();
    expect(within(table).getByText('2.5 MB')).toBeInTheDocument();
    expect(within(table).getByTestId('file-download')).toHaveAttribute(
      'href',
      '/api/share/v2/file/5',
    );
    const query = new URL(requestsTo(requests, '/api/share/v2')[0]?.url ?? '').searchParams;
    expect(query.get('category')).toBe('software');
    expect(query.get('owner')).toBe('LandSIS');
  });

  it('pages a category’s files on the server and says when there are none', async () => {
    const requests = stubServer({
      'GET /api/share/v2': (request) => {
        const page = new URL(request.url).searchParams.get('pageNum');
        return page === '2'
          ? files([file(1, '旧教程', 'old.pdf', { category: 'course' })], 11)
          : files(
              Array.from({ length: 10 }, (_, n) =>
                file(n + 2, `教程${n}`, `c${n}.pdf`, { category: 'course' }),
              ),
              11,
            );
      },
    });
    const { unmount } = show('/about/fileShare/course');
    expect(await screen.findByText('教程0')).toBeInTheDocument();
    expect(screen.getAllByText('PDF')).toHaveLength(10);
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('旧教程')).toBeInTheDocument();
    const pages = requestsTo(requests, '/api/share/v2').map((r) => new URL(r.url).searchParams);
    expect(pages.map((q) => [q.get('category'), q.get('pageNum')])).toEqual([
      ['course', '1'],
      ['course', '2'],
    ]);
    unmount();
    stubServer({ 'GET /api/share/v2': () => files([]) });
    show('/about/fileShare/paper');
    expect(await screen.findByText('暂无文件')).toBeInTheDocument();
  });

  it('shows the contact details page, or says they are not published yet', async () => {
    stubServer({});
    show('/about/contactUs/contact');
    expect(await screen.findByTestId('editable-page-empty')).toHaveTextContent(
      '联系方式暂未发布。',
    );
  });
});
