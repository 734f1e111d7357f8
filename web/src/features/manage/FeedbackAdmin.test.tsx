import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { testUser } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const piece = {
  id: 4,
  category: '功能建议',
  content: '希望支持批量下载',
  contact: '027-1234',
  createdAt: '2026-11-27 10:00',
  answer: null,
  answeredAt: null,
  username: 'hubei',
  answeredBy: null,
};

const editor = { ...testUser([], 9, ['editor']), username: 'editor' };

describe('意见反馈管理', () => {
  it('lists unanswered feedback for an editor and sends an answer from the dialog', async () => {
    let answered = false;
    const requests = stubServer({
      ...accountRoutes({ user: editor, ranges: [] }),
      'GET /api/feedback/manage': () =>
        envelope({
          total: answered ? 0 : 1,
          pageNum: 1,
          pageSize: 20,
          list: answered ? [] : [piece],
        }),
      'PUT /api/feedback/manage/4/answer': () => {
        answered = true;
        return envelope({ ...piece, answer: '好的', answeredBy: 'editor' });
      },
    });
    useSession.setState({ token: 'session-token' });
    renderApp('/manage/feedback');
    const table = await screen.findByTestId('feedback-admin-table');
    expect(await within(table).findByText('希望支持批量下载')).toBeInTheDocument();
    expect(within(table).getByText('联系方式：027-1234')).toBeInTheDocument();
    const query = new URL(requestsTo(requests, '/api/feedback/manage')[0]?.url ?? '').searchParams;
    expect(query.get('answered')).toBe('false');

    await userEvent.click(within(table).getByTestId('feedback-answer'));
    await userEvent.click(await screen.findByTestId('feedback-answer-submit'));
    expect(await screen.findByText('请填写回复内容')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('feedback-answer-text'), ' 好的 ');
    await userEvent.click(screen.getByTestId('feedback-answer-submit'));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/feedback/manage/4/answer')).toHaveLength(1),
    );
    const [put] = requestsTo(requests, '/api/feedback/manage/4/answer');
    expect(await put?.json()).toEqual({ answer: '好的' });
    expect(await screen.findByText('暂无待回复的反馈')).toBeInTheDocument();
  });

  it('is refused to a user who does not edit content', async () => {
    stubServer(accountRoutes({ user: testUser(['MOD_054']) }));
    useSession.setState({ token: 'session-token' });
    renderApp('/manage/feedback');
    expect(await screen.findByTestId('access-refused')).toHaveTextContent(
      '仅内容编辑可以进行此操作',
    );
  });
});
