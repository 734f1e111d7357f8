import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { testUser } from '../../test/session';

const PHONE = '13700000031';
const user = { ...testUser(['MOD_061'], 7, ['monitor']), username: 'hubei' };

function routes() {
  return {
    ...accountRoutes({ user }),
    'GET /api/usercenter/nodetype': () => envelope([{ code: 0, name: '个人用户' }]),
    'GET /api/usercenter/role': () =>
      envelope([{ code: 'monitor', name: '监测用户', permissions: [] }]),
    'GET /api/usercenter/loginhistory': () =>
      envelope({
        total: 2,
        pageNum: 1,
        pageSize: 10,
        list: [
          { id: 2, at: 1_772_323_509, address: '10.0.0.1', ok: true },
          { id: 1, at: 1_772_323_000, address: null, ok: false },
        ],
      }),
    [`POST /api/usercenter/send/telephone/${PHONE}`]: () => envelope(null),
    'PUT /api/usercenter/telephone': () => envelope(null),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('个人信息', () => {
  it('shows the account with its type and roles by name, and the login history', async () => {
    stubServer(routes());
    useSession.setState({ token: 'session-token' });
    renderApp('/personal/personalCenter/info');
    expect(await screen.findByTestId('info-username')).toHaveTextContent('hubei');
    expect(await screen.findByText('监测用户')).toBeInTheDocument();
    expect(await screen.findByText('个人用户')).toBeInTheDocument();
    expect(screen.getByTestId('info-telephone')).toHaveTextContent('未绑定');
    expect(await screen.findByText('2026-03-01 08:05:09')).toBeInTheDocument();
    expect(screen.getByText('成功')).toBeInTheDocument();
    expect(screen.getByText('失败')).toBeInTheDocument();
    expect(screen.getByTestId('side-menu-shopping')).toHaveTextContent('购物车');
  });

  it('changes the phone number with a code sent to the new number', async () => {
    const requests = stubServer(routes());
    useSession.setState({ token: 'session-token' });
    renderApp('/personal/personalCenter/info');
    await userEvent.click(await screen.findByTestId('info-change-telephone'));
    await userEvent.click(await screen.findByTestId('change-telephone-submit'));
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/usercenter/telephone')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('change-telephone-address'), PHONE);
    await userEvent.type(screen.getByTestId('change-telephone-captcha'), 'TEST');
    await userEvent.click(screen.getByTestId('change-telephone-send-code'));
    const sent = `/api/usercenter/send/telephone/${PHONE}`;
    await waitFor(() => expect(requestsTo(requests, sent)).toHaveLength(1));
    expect(await requestsTo(requests, sent)[0]?.json()).toMatchObject({ purpose: 'change' });

    await userEvent.type(screen.getByTestId('change-telephone-code'), '123456');
    await userEvent.click(screen.getByTestId('change-telephone-submit'));
    await waitFor(() => expect(requestsTo(requests, '/api/usercenter/telephone')).toHaveLength(1));
    expect(await requestsTo(requests, '/api/usercenter/telephone')[0]?.json()).toEqual({
      telephone: PHONE,
      code: '123456',
    });
  });
});
