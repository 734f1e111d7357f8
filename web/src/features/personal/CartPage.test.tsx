import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { NOV_26_0930, dictRoutes, testRecord } from '../../test/orders';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signIn } from '../../test/session';
import CartPage from './CartPage';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const CART = '/api/order/v3/ordercart';
const LINES = `${CART}/own`;

// Lines as the server sends them (availability a word; see getCart.ts).
const line = (id: string, availability: 'online' | 'offline' | 'missing') => ({
  sceneId: id,
  addedAt: NOV_26_0930,
  availability,
  scene:
    availability === 'missing'
      ? null
      : {
          fileName: `${id}_L1A.tar.gz`,
          satellite: 'GF2',
          sensor: 'PMS',
          acquiredAt: NOV_26_0930,
          cloud: 12.34,
          resolutionM: 0.8,
          sizeMb: 850.5,
          quicklook: null,
        },
});

const LIST = [line('A', 'online'), line('B', 'online'), line('C', 'offline'), line('D', 'missing')];

function routes(list: unknown[] = LIST) {
  return {
    ...dictRoutes(),
    [`GET ${LINES}`]: (request: Request) => {
      const query = new URL(request.url).searchParams;
      return envelope({
        total: list.length,
        pageNum: Number(query.get('pageNum')),
        pageSize: Number(query.get('pageSize')),
        list,
      });
    },
    [`GET ${CART}/count`]: () => envelope(list.length),
  };
}

async function bodyOf(request: Request | undefined): Promise<unknown> {
  return request ? await request.clone().json() : undefined;
}

describe('购物车', () => {
  it('lists the lines with their facts in Beijing time and which can be ordered', async () => {
    const requests = stubServer(routes());
    renderPage(<CartPage />);
    const names = await screen.findAllByTestId('cart-line');
    expect(names.map((name) => name.textContent)).toEqual([
      'A_L1A.tar.gz',
      'B_L1A.tar.gz',
      'C_L1A.tar.gz',
      'D',
    ]);
    expect(screen.getAllByTestId('cart-availability').map((tag) => tag.textContent)).toEqual([
      '在线',
      '在线',
      '离线',
      '已下架',
    ]);
    const table = screen.getByRole('table');
    expect(table).toHaveTextContent('GF2 / PMS');
    expect(table).toHaveTextContent('2026-11-26 09:30');
    expect(table).toHaveTextContent('12.3%');
    expect(table).toHaveTextContent('850.5 MB');
    // offline and missing lines cannot be checked for ordering, and the page says why
    expect(screen.getByRole('checkbox', { name: '选择 A_L1A.tar.gz' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: '选择 C_L1A.tar.gz' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: '选择 D' })).toBeDisabled();
    expect(screen.getByTestId('cart-unavailable')).toHaveTextContent('已下架');
    // the default page
    const asked = new URL(requestsTo(requests, LINES)[0]?.url ?? '').searchParams;
    expect([asked.get('pageNum'), asked.get('pageSize')]).toEqual(['1', '20']);
  });

  it('says an empty cart is empty and leads to the image query', async () => {
    stubServer(routes([]));
    renderPage(<CartPage />);
    const empty = await screen.findByTestId('cart-empty');
    expect(empty).toHaveTextContent('购物车是空的，去影像查询挑选影像');
    expect(within(empty).getByRole('link', { name: '影像查询' })).toHaveAttribute(
      'href',
      '/normal',
    );
  });

  it('says when the cart cannot be loaded, and tries again', async () => {
    const requests = stubServer({
      [`GET ${LINES}`]: () => envelope(null, { code: 500, status: 500, message: '服务异常' }),
    });
    renderPage(<CartPage />);
    expect(await screen.findByTestId('cart-error')).toHaveTextContent('购物车加载失败');
    await userEvent.click(screen.getByRole('button', { name: '重 试' }));
    await waitFor(() => expect(requestsTo(requests, LINES)).toHaveLength(2));
  });

  it('checks every orderable line with 全选 and orders them with purpose, usage and delivery', async () => {
    signIn(['MOD_061'], 4);
    const requests = stubServer({
      ...routes(),
      [`POST /api/order/v3/order`]: () => envelope(testRecord({ items: 2 })),
    });
    renderPage(<CartPage />);
    await screen.findAllByTestId('cart-line');
    await userEvent.click(screen.getByTestId('cart-select-all'));
    await waitFor(() => expect(screen.getByTestId('cart-selected')).toHaveTextContent('2'));
    // 全选 reads the cart at the largest page
    const pages = requestsTo(requests, LINES).map((r) =>
      new URL(r.url).searchParams.get('pageSize'),
    );
    expect(pages).toContain('100');

    await userEvent.click(screen.getByTestId('cart-submit-order'));
    const dialog = await screen.findByTestId('order-dialog');
    expect(dialog).toHaveTextContent('订购所选 2 景在线影像');
    // purpose, usage and delivery are required
    await userEvent.click(screen.getByTestId('order-dialog-ok'));
    expect(await within(dialog).findByText('请填写用途说明')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择使用方式')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择交付方式')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('purpose-input'), '  耕地核查 ');
    const [usage, delivery] = within(dialog).getAllByRole('combobox');
    if (!usage || !delivery) throw new Error('no selects');
    await userEvent.click(usage);
    await userEvent.click(await screen.findByTitle('执法监测'));
    await userEvent.click(delivery);
    await userEvent.click(await screen.findByTitle('在线下载'));
    await userEvent.click(screen.getByTestId('order-dialog-ok'));

    expect(await screen.findByTestId('order-submitted')).toHaveTextContent(
      '订单 DD20261126000001 已提交',
    );
    expect(screen.getByTestId('my-orders-link')).toHaveAttribute(
      'href',
      '/personal/personalCenter/myOrder',
    );
    expect(await bodyOf(requestsTo(requests, '/api/order/v3/order')[0])).toEqual({
      ids: ['A', 'B'],
      purpose: '耕地核查',
      usage: '2',
      delivery: '1',
    });
    // the cart and its count are read again
    await waitFor(() => expect(requestsTo(requests, `${CART}/count`)).toHaveLength(1));
    expect(screen.getByTestId('cart-selected')).toHaveTextContent('0');
  });

  it('removes the checked lines after a confirmation and sets the badge from the answer', async () => {
    signIn(['MOD_061'], 4);
    const requests = stubServer({
      ...routes(),
      [`DELETE ${CART}`]: () => envelope({ removed: 1, count: 3 }),
    });
    renderPage(<CartPage />);
    await screen.findAllByTestId('cart-line');
    await userEvent.click(screen.getByRole('checkbox', { name: '选择 B_L1A.tar.gz' }));
    await userEvent.click(screen.getByTestId('cart-remove-selected'));
    expect((await screen.findAllByText('确定从购物车移除所选 1 景？')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByTestId('remove-selected-ok'));
    expect(await screen.findByText('已移除 1 景')).toBeInTheDocument();
    expect(await bodyOf(requestsTo(requests, CART)[0])).toEqual({ ids: ['B'] });
    expect(useSession.getState().cartCount).toBe(3);
  });

  it('shows the server’s message when the lines were ordered meanwhile, and reads the cart again', async () => {
    const requests = stubServer({
      ...routes(),
      [`POST /api/order/v3/order`]: () =>
        envelope(null, {
          code: 409,
          status: 409,
          message: '所选影像已不在购物车中（可能已提交订单），请刷新购物车',
        }),
    });
    renderPage(<CartPage />);
    await screen.findAllByTestId('cart-line');
    await userEvent.click(screen.getByRole('checkbox', { name: '选择 A_L1A.tar.gz' }));
    await userEvent.click(screen.getByTestId('cart-submit-order'));
    const dialog = await screen.findByTestId('order-dialog');
    await userEvent.type(within(dialog).getByTestId('purpose-input'), '核查');
    const [usage, delivery] = within(dialog).getAllByRole('combobox');
    if (!usage || !delivery) throw new Error('no selects');
    await userEvent.click(usage);
    await userEvent.click(await screen.findByTitle('国土调查'));
    await userEvent.click(delivery);
    await userEvent.click(await screen.findByTitle('介质拷贝'));
    await userEvent.click(screen.getByTestId('order-dialog-ok'));
    expect(
      await screen.findByText('所选影像已不在购物车中（可能已提交订单），请刷新购物车'),
    ).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, LINES).length).toBeGreaterThan(1));
  });
});
