import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dictRoutes, page, testDetail, testItem, testRecord } from '../../test/orders';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import OrdersAdmin from './OrdersAdmin';
import RequestsAdmin from './RequestsAdmin';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MANAGE = '/api/order/v3/manage/order';

function routes(actions: Parameters<typeof testDetail>[1], act?: () => Response) {
  return {
    ...dictRoutes(),
    [`GET ${MANAGE}`]: () => page([testRecord()]),
    'GET /api/order/v3/detail/1': () => envelope(testDetail(testRecord(), actions)),
    'GET /api/order/v3/orderitem': () => page([testItem(1)]),
    ...Object.fromEntries(
      ['approve', 'reject', 'process', 'deliver', 'withdraw'].map((action) => [
        `POST ${MANAGE}/1/${action}`,
        act ??
          (() =>
            envelope(testDetail(testRecord({ status: 1, statusLabel: '审核通过' }), ['process']))),
      ]),
    ),
  };
}

async function openFirst() {
  await userEvent.click(await screen.findByTestId('record-row'));
  await screen.findByTestId('record-facts');
}

async function bodyOf(request: Request | undefined): Promise<unknown> {
  return request ? await request.clone().json() : undefined;
}

describe('订单管理', () => {
  it('lists every order with its owner and searches code or owner', async () => {
    const requests = stubServer(routes([]));
    renderPage(<OrdersAdmin />);
    expect(await screen.findByTestId('record-row')).toHaveTextContent('DD20261126000001');
    expect(screen.getByRole('table')).toHaveTextContent('hubei');
    const search = within(screen.getByTestId('filter-keyword')).getByRole('searchbox');
    expect(search).toHaveAttribute('placeholder', '订单编号或申请人');
    await userEvent.type(search, 'hubei{Enter}');
    await waitFor(() =>
      expect(
        new URL(requestsTo(requests, MANAGE).at(-1)?.url ?? '').searchParams.get('keyword'),
      ).toBe('hubei'),
    );
  });

  it('approves with one click and reads the list and the detail again', async () => {
    const requests = stubServer(routes(['approve', 'reject']));
    renderPage(<OrdersAdmin />);
    await openFirst();
    expect(screen.getByTestId('action-reject')).toHaveTextContent(/驳\s?回/);
    await userEvent.click(screen.getByTestId('action-approve'));
    expect(await screen.findByText(/审核通过，当前状态 审核通过/)).toBeInTheDocument();
    expect(await bodyOf(requestsTo(requests, `${MANAGE}/1/approve`)[0])).toEqual({ reason: null });
    await waitFor(() => expect(requestsTo(requests, MANAGE).length).toBeGreaterThan(1));
  });

  it('asks a reason to reject, and sends it', async () => {
    const requests = stubServer(routes(['approve', 'reject']));
    renderPage(<OrdersAdmin />);
    await openFirst();
    await userEvent.click(screen.getByTestId('action-reject'));
    const dialog = await screen.findByTestId('reason-dialog');
    await userEvent.click(screen.getByTestId('reason-dialog-ok'));
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(requestsTo(requests, `${MANAGE}/1/reject`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByTestId('reason-input'), '用途不明确');
    await userEvent.click(screen.getByTestId('reason-dialog-ok'));
    await waitFor(() => expect(requestsTo(requests, `${MANAGE}/1/reject`)).toHaveLength(1));
    expect(await bodyOf(requestsTo(requests, `${MANAGE}/1/reject`)[0])).toEqual({
      reason: '用途不明确',
    });
  });

  it('warns that withdrawing ends the links, and asks a reason', async () => {
    stubServer(routes(['withdraw']));
    renderPage(<OrdersAdmin />);
    await openFirst();
    await userEvent.click(screen.getByTestId('action-withdraw'));
    expect(await screen.findByTestId('reason-dialog')).toHaveTextContent('撤回后下载链接立即失效');
  });

  it('confirms before delivering', async () => {
    const requests = stubServer(routes(['deliver']));
    renderPage(<OrdersAdmin />);
    await openFirst();
    await userEvent.click(screen.getByTestId('action-deliver'));
    await userEvent.click(await screen.findByTestId('action-confirm-ok'));
    await waitFor(() => expect(requestsTo(requests, `${MANAGE}/1/deliver`)).toHaveLength(1));
  });

  it('shows the message of a 409 and reads the detail again', async () => {
    const requests = stubServer(
      routes(['approve'], () =>
        envelope(null, { code: 409, status: 409, message: '订单状态已变更为已取消，请刷新后重试' }),
      ),
    );
    renderPage(<OrdersAdmin />);
    await openFirst();
    await userEvent.click(screen.getByTestId('action-approve'));
    expect(await screen.findByText('订单状态已变更为已取消，请刷新后重试')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, '/api/order/v3/detail/1')).toHaveLength(2));
  });
});

describe('申请管理', () => {
  it('offers 受理 and confirms 完成 (the scenes come back online)', async () => {
    const request = testRecord({ kind: 'request', code: 'SQ1', statusLabel: '已受理', status: 1 });
    const requests = stubServer({
      ...dictRoutes(),
      'GET /api/order/v3/manage/request': () => page([request]),
      'GET /api/order/v3/request/detail/1': () => envelope(testDetail(request, ['complete'])),
      'GET /api/order/v3/requestitem': () => page([testItem(1)]),
      'POST /api/order/v3/manage/request/1/complete': () => envelope(testDetail(request, [])),
    });
    renderPage(<RequestsAdmin />);
    await openFirst();
    await userEvent.click(screen.getByTestId('action-complete'));
    expect((await screen.findAllByText(/完成后影像将恢复在线/)).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByTestId('action-confirm-ok'));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/order/v3/manage/request/1/complete')).toHaveLength(1),
    );
  });
});
