import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { NOV_26_0930, dictRoutes, page, testDetail, testItem, testRecord } from '../../test/orders';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signIn } from '../../test/session';
import MyApplyPage from './MyApplyPage';
import MyOrdersPage from './MyOrdersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const DELIVERED = testRecord({
  status: 3,
  statusLabel: '已完成',
  deliveredAt: NOV_26_0930,
  expiresAt: NOV_26_0930 + 7 * 86400,
});

function routes(record = testRecord(), actions: ('cancel' | 'approve')[] = ['cancel']) {
  return {
    ...dictRoutes(),
    'GET /api/order/v3/own': () => page([record]),
    'GET /api/order/v3/count': () =>
      envelope([
        { status: 0, label: '待审核', count: 1 },
        { status: 3, label: '已完成', count: 2 },
      ]),
    'GET /api/order/v3/detail/1': () => envelope(testDetail(record, actions)),
    'GET /api/order/v3/orderitem': () =>
      page([
        testItem(1, record.deliveredAt ? 'http://x/api/order/v3/download/1/1?sign=s' : null),
        testItem(2, record.deliveredAt ? 'http://x/api/order/v3/download/1/2?sign=s' : null),
      ]),
  };
}

async function openFirst() {
  await userEvent.click((await screen.findAllByTestId('record-row'))[0] as HTMLElement);
  return screen.findByTestId('record-facts');
}

describe('我的订单', () => {
  it('shows status tabs with counts and filters by status, days and code', async () => {
    const requests = stubServer(routes());
    renderPage(<MyOrdersPage />);
    expect(await screen.findByTestId('record-row')).toHaveTextContent('DD20261126000001');
    await waitFor(() =>
      expect(screen.getByTestId('status-tab-3')).toHaveTextContent('已完成（2）'),
    );
    expect(screen.getByRole('tab', { name: '全部（3）' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('status-tab-3'));
    await waitFor(() =>
      expect(new URL(requestsTo(requests, '/api/order/v3/own').at(-1)?.url ?? '').search).toBe(
        '?pageNum=1&pageSize=20&status=3',
      ),
    );
    await userEvent.type(
      within(screen.getByTestId('filter-keyword')).getByRole('searchbox'),
      'DD2026{Enter}',
    );
    await waitFor(() =>
      expect(new URL(requestsTo(requests, '/api/order/v3/own').at(-1)?.url ?? '').search).toBe(
        '?pageNum=1&pageSize=20&status=3&keyword=DD2026',
      ),
    );
  });

  it('opens an order: its facts, history and scenes, and cancels it after a confirmation', async () => {
    const requests = stubServer({
      ...routes(),
      'POST /api/order/v3/order/1/cancel': () =>
        envelope(testDetail(testRecord({ status: 5, statusLabel: '已取消' }))),
    });
    renderPage(<MyOrdersPage />);
    const facts = await openFirst();
    expect(facts).toHaveTextContent('DD20261126000001');
    expect(facts).toHaveTextContent('国土调查');
    expect(facts).toHaveTextContent('在线下载');
    expect(facts).toHaveTextContent('2 景，1.25 GB');
    expect(screen.getByTestId('record-history')).toHaveTextContent('2026-11-26 09:30');
    expect(screen.getByTestId('record-history')).toHaveTextContent('待审核');
    expect(await screen.findAllByTestId('record-item')).toHaveLength(2);
    // not delivered: no download links or lists
    expect(screen.queryByTestId('item-download')).not.toBeInTheDocument();
    expect(screen.queryByTestId('export-txt')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('cancel-record'));
    await userEvent.click(await screen.findByTestId('cancel-record-ok'));
    expect(await screen.findByText('订单 DD20261126000001 已取消')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/order/v3/order/1/cancel')).toHaveLength(1);
    // the list and the detail are read again
    await waitFor(() => expect(requestsTo(requests, '/api/order/v3/detail/1')).toHaveLength(2));
  });

  it('offers no cancel when the server lists none', async () => {
    stubServer(routes(testRecord(), []));
    renderPage(<MyOrdersPage />);
    await openFirst();
    expect(screen.queryByTestId('cancel-record')).not.toBeInTheDocument();
  });

  it('gives a delivered order its download links, expiry and link lists saved under the server’s name', async () => {
    const saved: { name: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:list');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download });
    });
    signIn(['MOD_061']);
    const requests = stubServer({
      ...routes(DELIVERED, []),
      'GET /api/order/v3/exporturi/1': () =>
        new Response('http://x/1\nhttp://x/2\n', {
          headers: { 'Content-Disposition': 'attachment; filename="DD20261126000001.sh"' },
        }),
    });
    renderPage(<MyOrdersPage />);
    await openFirst();
    expect(screen.getByTestId('record-expires')).toHaveTextContent('2026-12-03 09:30');
    const links = await screen.findAllByTestId('item-download');
    expect(links[0]).toHaveAttribute('href', 'http://x/api/order/v3/download/1/1?sign=s');
    expect(links[0]).toHaveAttribute('download');

    await userEvent.click(screen.getByTestId('export-sh'));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['DD20261126000001.sh']));
    const asked = requestsTo(requests, '/api/order/v3/exporturi/1')[0];
    expect(new URL(asked?.url ?? '').searchParams.get('format')).toBe('sh');
    expect(asked?.headers.get('token')).toBe('session-token');
    expect(screen.getByTestId('export-txt')).toBeInTheDocument();
    expect(screen.getByTestId('export-aria2')).toBeInTheDocument();
  });
});

describe('我的申请', () => {
  it('lists the data requests by the request statuses, without counts or downloads', async () => {
    const request = testRecord({
      kind: 'request',
      code: 'SQ20261126000001',
      statusLabel: '待处理',
    });
    const requests = stubServer({
      ...dictRoutes(),
      'GET /api/order/v3/request/own': () => page([request]),
      'GET /api/order/v3/request/detail/1': () => envelope(testDetail(request, ['cancel'])),
      'GET /api/order/v3/requestitem': () => page([testItem(1)]),
    });
    renderPage(<MyApplyPage />);
    expect(await screen.findByTestId('record-row')).toHaveTextContent('SQ20261126000001');
    await waitFor(() => expect(screen.getByTestId('status-tab-0')).toHaveTextContent('待处理'));
    expect(screen.getByTestId('status-tab-0')).not.toHaveTextContent('（');
    await openFirst();
    expect(screen.getByTestId('cancel-record')).toHaveTextContent('取消申请');
    expect(screen.queryByTestId('export-txt')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/api/order/v3/count')).toHaveLength(0);
    expect(
      new URL(requestsTo(requests, '/api/order/v3/requestitem')[0]?.url ?? '').searchParams.get(
        'requestId',
      ),
    ).toBe('1');
  });
});
