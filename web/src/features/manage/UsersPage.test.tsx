import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { SERVER_SECRET_KEY, accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { openSealed } from '../../test/seal';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signIn, signInAdmin, testUser } from '../../test/session';

const account = {
  id: 12,
  username: 'jingzhou',
  accountType: 1,
  telephone: null,
  email: null,
  status: 0,
  roles: ['monitor'],
  permissions: [],
  ranges: [{ id: 3, regionId: '420000', name: '湖北省' }],
  createdAt: '2026-01-01T00:00:00Z',
  lastLoginAt: null,
};

function routes() {
  return {
    ...accountRoutes({ user: { ...testUser([], 1, ['admin']), username: 'admin' } }),
    'GET /api/usercenter/userinfo': () =>
      envelope({ total: 1, pageNum: 1, pageSize: 20, list: [account] }),
    'POST /api/usercenter/userinfo': () => envelope({ id: 13, username: 'new_office' }),
    'PUT /api/usercenter/userinfo/12/status': () => envelope(null),
    'GET /api/usercenter/nodetype': () =>
      envelope([
        { code: 0, name: '个人用户' },
        { code: 1, name: '省级节点' },
      ]),
    'GET /api/usercenter/role': () =>
      envelope([
        { code: 'admin', name: '系统管理员', permissions: [] },
        { code: 'monitor', name: '监测用户', permissions: [] },
      ]),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('账号管理', () => {
  it('is refused to a user without the admin role, whatever their permissions', async () => {
    stubServer(routes());
    signIn(['MOD_054', 'MOD_061', 'MOD_056']);
    renderApp('/manage/users');
    expect(await screen.findByTestId('access-refused')).toHaveTextContent(
      '仅系统管理员可以进行此操作',
    );
    expect(screen.queryByTestId('menu-manage')).not.toBeInTheDocument();
  });

  it('lists the accounts with their type, roles and ranges by name', async () => {
    stubServer(routes());
    signInAdmin();
    renderApp('/manage/users');
    const row = (await screen.findByText('jingzhou')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(await cells.findByText('省级节点')).toBeInTheDocument();
    expect(await cells.findByText('监测用户')).toBeInTheDocument();
    expect(cells.getByText('湖北省')).toBeInTheDocument();
    expect(cells.getByText('从未登录')).toBeInTheDocument();
  });

  it('disables an account only after the confirmation', async () => {
    const requests = stubServer(routes());
    signInAdmin();
    renderApp('/manage/users');
    await userEvent.click(await screen.findByTestId('users-toggle-jingzhou'));
    const confirm = await screen.findByTestId('users-toggle-confirm');
    expect(screen.getByText('禁用账号「jingzhou」？')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/usercenter/userinfo/12/status')).toHaveLength(0);
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(requestsTo(requests, '/api/usercenter/userinfo/12/status')).toHaveLength(1),
    );
    const [put] = requestsTo(requests, '/api/usercenter/userinfo/12/status');
    expect(await put?.json()).toEqual({ status: 1 });
  });

  it('checks the new-account form before sending, then sends the password sealed', async () => {
    const requests = stubServer(routes());
    signInAdmin();
    renderApp('/manage/users');
    await userEvent.click(await screen.findByTestId('users-create'));
    const submit = await screen.findByTestId('create-submit');
    await userEvent.click(submit);
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入初始密码')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('create-username'), 'new_office');
    await userEvent.type(screen.getByTestId('create-password'), 'short');
    await userEvent.type(screen.getByTestId('create-telephone'), '123');
    await userEvent.click(submit);
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(screen.getByText('密码长度不能少于8位')).toBeInTheDocument();
    expect(
      requestsTo(requests, '/api/usercenter/userinfo').filter((r) => r.method === 'POST'),
    ).toHaveLength(0);

    await userEvent.clear(screen.getByTestId('create-password'));
    await userEvent.type(screen.getByTestId('create-password'), 'Office2025');
    await userEvent.type(screen.getByTestId('create-confirm'), 'Office2025');
    await userEvent.clear(screen.getByTestId('create-telephone'));
    await userEvent.click(await screen.findByTestId('create-role-monitor'));
    await userEvent.click(submit);
    await waitFor(() =>
      expect(
        requestsTo(requests, '/api/usercenter/userinfo').filter((r) => r.method === 'POST'),
      ).toHaveLength(1),
    );
    const [post] = requestsTo(requests, '/api/usercenter/userinfo').filter(
      (r) => r.method === 'POST',
    );
    const body = (await post?.json()) as {
      username: string;
      password: string;
      token: string;
      roles: string[];
      telephone: string | null;
    };
    expect(body).toMatchObject({ username: 'new_office', roles: ['monitor'], telephone: null });
    expect(openSealed(body.password, SERVER_SECRET_KEY, body.token)).toBe('Office2025');
  });
});
