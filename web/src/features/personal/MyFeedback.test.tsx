import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useSession } from '../../lib/session';
import { accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { envelope, stubServer } from '../../test/server';
import { testUser } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const answered = {
  id: 3,
  category: '数据问题',
  content: '十堰市缺少影像',
  contact: '',
  createdAt: '2026-11-27 10:00',
  answer: '已安排补充。',
  answeredAt: '2026-11-27 11:00',
};

function routes(permissions: string[]) {
  return {
    ...accountRoutes({ user: testUser(permissions) }),
    'GET /api/usercenter/nodetype': () => envelope([{ code: 0, name: '个人用户' }]),
    'GET /api/usercenter/role': () => envelope([]),
    'GET /api/usercenter/loginhistory': () =>
      envelope({ total: 0, pageNum: 1, pageSize: 10, list: [] }),
    'GET /api/feedback': () => envelope({ total: 1, pageNum: 1, pageSize: 10, list: [answered] }),
  };
}

describe('我的反馈', () => {
  it('is listed with MOD_054_DISPLAY and shows one’s feedback with the answers', async () => {
    stubServer(routes(['MOD_054', 'MOD_054_DISPLAY']));
    useSession.setState({ token: 'session-token' });
    renderApp('/personal/personalCenter/myFeedback');
    expect(await screen.findByTestId('feedback-answer')).toHaveTextContent('已安排补充。');
    expect(screen.getByTestId('side-menu-myFeedback')).toHaveTextContent('我的反馈');
  });

  it('is not listed without the permission', async () => {
    stubServer(routes([]));
    useSession.setState({ token: 'session-token' });
    renderApp('/personal/personalCenter/info');
    expect(await screen.findByTestId('side-menu-info')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu-myFeedback')).not.toBeInTheDocument();
  });
});
