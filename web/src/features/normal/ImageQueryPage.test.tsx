import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { regionRoutes, regions } from '../../test/regions';
import { renderApp } from '../../test/renderApp';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signIn, signInAdmin } from '../../test/session';
import { useSession } from '../../lib/session';
import { useLoginPrompt } from '../../lib/loginPrompt';
import type { SceneItem, UploadedShape } from './api/types';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clear();
  useLoginPrompt.setState({ open: false });
});

const scene = (id: string, cloud: number): SceneItem => ({
  id,
  fileName: `${id}_L1A.tar.gz`,
  satellite: 'GF1',
  sensor: 'PMS1',
  acquiredAt: '2026-10-03T03:24:10Z',
  cloud,
  resolution: 2,
  online: id.endsWith('1'),
  demo: true,
  quicklook: `/api/normal/v5/quicklook/${id}`,
  footprint: {
    type: 'Polygon',
    coordinates: [
      [
        [114, 30],
        [115, 30],
        [115, 31],
        [114, 30],
      ],
    ],
  },
});

function routes(list: SceneItem[] = [scene('GF1_1', 5), scene('GF1_2', 30)]) {
  const { country, hubei } = regions;
  return {
    ...regionRoutes(),
    'GET /api/region/v2/id/420000/l': () => envelope([country, hubei]),
    'GET /api/region/v2/id/420000': () => envelope(hubei),
    'GET /api/region/v2/pids/420000/s': () => envelope({ type: 'FeatureCollection', features: [] }),
    'GET /api/normal/v5/satellite': () => envelope({ satellites: [], sensors: {} }),
    'POST /api/normal/v5/normalmeta': () =>
      envelope({ total: list.length, pageNum: 1, pageSize: 20, list }),
    'POST /api/normal/v5/allids': () =>
      envelope({ total: list.length, ids: list.map((item) => item.id) }),
    // The badge's count: what the test's session starts with.
    'GET /api/order/v3/ordercart/count': () => envelope(useSession.getState().cartCount),
  };
}

const CART = '/api/order/v3/ordercart';

const RECORD = {
  id: 1,
  kind: 'request' as const,
  code: 'SQ1',
  username: 'hubei',
  status: 0,
  statusLabel: '待处理',
  purpose: '耕地核查',
  usage: '1',
  delivery: '1',
  createdAt: 1_790_000_000,
  updatedAt: 1_790_000_000,
  items: 1,
  sizeMb: 10,
};

const UPLOADED_SHAPE: UploadedShape = {
  uploadId: 'up-1',
  geojson: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [114, 30],
          [115, 30],
          [115, 31],
          [114, 30],
        ],
      ],
    ],
  },
  areaKm2: 5432.1,
  crs: 'CGCS2000 (EPSG:4490)',
  parts: 1,
  vertices: 3,
  repaired: false,
};

const UPLOAD_RESULTS = '/normal?mode=3&upload=up-1&from=2026-08-01&to=2026-11-22&tab=2';

const HUBEI_RESULTS = '/normal?mode=1&region=420000&from=2026-08-01&to=2026-11-22&tab=2';

async function bodyOf(request: Request | undefined): Promise<unknown> {
  return request ? await request.clone().json() : undefined;
}

const SENT = {
  id: 42,
  name: '湖北省影像推送',
  channel: 'privateline',
  createdAt: '2026-11-27 10:05',
  creator: 'admin',
  demo: false,
  sceneCount: 2,
  sizeMb: 10,
  nodes: [],
};

/** The routes of /normal, the push nodes and what sending a batch answers. */
function pushRoutes(sent: () => Response) {
  return {
    ...routes(),
    'GET /api/usercenter/pushnode': () =>
      envelope([
        { id: 3, name: '湖北省推送节点', regionId: '420000', regionName: '湖北省', accounts: 1 },
      ]),
    'POST /api/push/v1/batch': sent,
  };
}

async function openPushDialog(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByTestId('push-button'));
  return screen.findByTestId('push-dialog');
}

async function chooseHubeiNode(dialog: HTMLElement): Promise<void> {
  await userEvent.click(within(dialog).getByRole('combobox'));
  await userEvent.click(await screen.findByTitle('湖北省推送节点（湖北省）'));
}

describe('影像查询 (/normal)', () => {
  it('offers the five select modes, the filters and the three tabs', async () => {
    stubServer(routes());
    renderApp('/normal');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('影像查询');
    const modes = screen.getByTestId('select-mode');
    for (const label of ['行政区', '框选', '上传SHP', '绘制', '文件'])
      expect(within(modes).getByText(label)).toBeInTheDocument();
    expect(screen.getByTestId('region-picker')).toBeInTheDocument();
    expect(screen.getByTestId('filter-form')).toHaveTextContent('云量');
    const tabs = screen.getByTestId('image-query-tabs');
    expect(within(tabs).getByRole('tab', { name: '结果' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(tabs).getByRole('tab', { name: '覆盖' })).toBeInTheDocument();
  });

  it('asks for an area before searching', async () => {
    const requests = stubServer(routes());
    renderApp('/normal');
    await userEvent.click(await screen.findByTestId('search-button'));
    expect(await screen.findByText('请先选择查询范围')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/normal/v5/normalmeta')).toHaveLength(0);
  });

  it('offers the path/row template with the file mode', async () => {
    stubServer(routes());
    renderApp('/normal');
    await userEvent.click(within(await screen.findByTestId('select-mode')).getByText('文件'));
    expect(screen.getByTestId('path-row-template')).toHaveAttribute(
      'href',
      '/api/normal/v5/template/pathandrows',
    );
  });

  it('runs the search of a permalink and shows its results', async () => {
    const requests = stubServer(routes());
    const { router } = renderApp(HUBEI_RESULTS);
    const rows = await screen.findAllByTestId('scene-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('GF1_1_L1A.tar.gz');
    expect(rows[0]).toHaveTextContent('2026-10-03 11:24');
    expect(rows[0]).toHaveTextContent('在线');
    expect(screen.getByTestId('results-total')).toHaveTextContent('2');
    expect(await bodyOf(requestsTo(requests, '/api/normal/v5/normalmeta')[0])).toEqual({
      selectMode: 1,
      regionId: '420000',
      startTime: '2026-08-01',
      endTime: '2026-11-22',
      sort: 'time',
      pageNum: 1,
      pageSize: 20,
    });
    // the select tab shows the region of the address
    await userEvent.click(screen.getByRole('tab', { name: '选择' }));
    await waitFor(() => expect(screen.getByTestId('region-picker')).toHaveTextContent('湖北省'));
    // ordering by cloud cover asks again, and says so in the address
    await userEvent.click(screen.getByRole('tab', { name: /结果/ }));
    await userEvent.click(within(screen.getByTestId('results-sort')).getByText('按云量'));
    await waitFor(() => expect(router.state.location.search).toContain('sort=cloud'));
    await waitFor(() => expect(requestsTo(requests, '/api/normal/v5/normalmeta')).toHaveLength(2));
  });

  it('shows 暂无数据 when nothing matches', async () => {
    stubServer(routes([]));
    renderApp(HUBEI_RESULTS);
    expect(await screen.findByTestId('results-empty')).toHaveTextContent('暂无数据');
  });

  it('checks every result with 全选 and clears the check when the area changes', async () => {
    const requests = stubServer(routes());
    const { router } = renderApp(HUBEI_RESULTS);
    await screen.findAllByTestId('scene-row');
    await userEvent.click(screen.getByTestId('results-check-all'));
    await waitFor(() => expect(screen.getByTestId('results-summary')).toHaveTextContent('已选 2'));
    expect(requestsTo(requests, '/api/normal/v5/allids')).toHaveLength(1);
    // another mode: the results go, and the address forgets the search
    await userEvent.click(screen.getByRole('tab', { name: '选择' }));
    await userEvent.click(within(screen.getByTestId('select-mode')).getByText('框选'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: '结果' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks an anonymous visitor to log in before 加入购物车', async () => {
    stubServer(routes());
    renderApp(HUBEI_RESULTS);
    const [first] = await screen.findAllByTestId('scene-check');
    if (!first) throw new Error('no row');
    await userEvent.click(first);
    await userEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(useLoginPrompt.getState().open).toBe(true));
  });

  it('refuses 加入购物车 without MOD_061', async () => {
    const requests = stubServer(routes());
    signIn(['MOD_056']);
    renderApp(HUBEI_RESULTS);
    const [first] = await screen.findAllByTestId('scene-check');
    if (!first) throw new Error('no row');
    await userEvent.click(first);
    await userEvent.click(screen.getByTestId('add-to-cart'));
    expect(await screen.findByTestId('cart-notice')).toHaveTextContent('无权限');
    expect(requestsTo(requests, CART)).toHaveLength(0);
  });

  it('adds the checked scenes to the cart, says so and sets the badge from the answer', async () => {
    const requests = stubServer({
      ...routes(),
      [`POST ${CART}`]: () =>
        envelope({ added: 1, already: 0, offline: [], missing: [], count: 8 }),
    });
    signIn(['MOD_061'], 7);
    renderApp(HUBEI_RESULTS);
    const [first] = await screen.findAllByTestId('scene-check');
    if (!first) throw new Error('no row');
    await userEvent.click(first);
    await userEvent.click(screen.getByTestId('add-to-cart'));
    expect(await screen.findByTestId('cart-notice')).toHaveTextContent('已加入 1 景');
    expect(await bodyOf(requestsTo(requests, CART)[0])).toEqual({ ids: ['GF1_1'] });
    await waitFor(() => expect(useSession.getState().cartCount).toBe(8));
    expect(screen.getByTestId('cart-link')).toHaveTextContent('8');
    expect(screen.queryByTestId('request-dialog')).not.toBeInTheDocument();
  });

  it('adds every result after a confirmation when none is checked', async () => {
    const requests = stubServer({
      ...routes(),
      [`POST ${CART}`]: () =>
        envelope({ added: 1, already: 1, offline: [], missing: [], count: 2 }),
    });
    signIn(['MOD_061']);
    renderApp(HUBEI_RESULTS);
    await screen.findAllByTestId('scene-row');
    await userEvent.click(screen.getByTestId('add-to-cart'));
    expect((await screen.findAllByText('将全部 2 景加入购物车？')).length).toBeGreaterThan(0);
    expect(requestsTo(requests, CART)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('add-all-ok'));
    expect(await screen.findByTestId('cart-notice')).toHaveTextContent(
      '已加入 1 景，1 景已在购物车中',
    );
    expect(await bodyOf(requestsTo(requests, CART)[0])).toEqual({ ids: ['GF1_1', 'GF1_2'] });
  });

  it('adds nothing when adding every result is not confirmed', async () => {
    const requests = stubServer(routes());
    signIn(['MOD_061']);
    renderApp(HUBEI_RESULTS);
    await screen.findAllByTestId('scene-row');
    await userEvent.click(screen.getByTestId('add-to-cart'));
    await userEvent.click(await screen.findByRole('button', { name: '取 消' }));
    await waitFor(() =>
      expect(screen.queryByText('将全部 2 景加入购物车？')).not.toBeInTheDocument(),
    );
    expect(requestsTo(requests, CART)).toHaveLength(0);
  });

  it("shows the server's message when the cart is full", async () => {
    stubServer({
      ...routes(),
      [`POST ${CART}`]: () =>
        envelope(null, {
          code: 400,
          status: 400,
          message: '购物车最多存放2000景影像，当前已有1999景',
        }),
    });
    signIn(['MOD_061'], 1999);
    renderApp(HUBEI_RESULTS);
    const [first] = await screen.findAllByTestId('scene-check');
    if (!first) throw new Error('no row');
    await userEvent.click(first);
    await userEvent.click(screen.getByTestId('add-to-cart'));
    expect(await screen.findByText('购物车最多存放2000景影像，当前已有1999景')).toBeInTheDocument();
    expect(useSession.getState().cartCount).toBe(1999);
  });

  it('offers a data request for offline scenes and submits it', async () => {
    const requests = stubServer({
      ...routes(),
      [`POST ${CART}`]: () =>
        envelope({ added: 1, already: 0, offline: ['GF1_2'], missing: [], count: 1 }),
      'GET /api/dict/ORDER_USAGE': () => envelope([{ value: '1', label: '国土调查' }]),
      'GET /api/dict/ORDER_DELIVERY': () => envelope([{ value: '1', label: '在线下载' }]),
      'POST /api/order/v3/request': () => envelope({ ...RECORD, code: 'SQ20261126000001' }),
    });
    signIn(['MOD_061']);
    renderApp(HUBEI_RESULTS);
    await screen.findAllByTestId('scene-row');
    await userEvent.click(screen.getByTestId('results-check-all'));
    await waitFor(() => expect(screen.getByTestId('results-summary')).toHaveTextContent('已选 2'));
    await userEvent.click(screen.getByTestId('add-to-cart'));
    const dialog = await screen.findByTestId('request-dialog');
    expect(dialog).toHaveTextContent('1 景为离线影像');
    expect(within(dialog).getByRole('link', { name: '个人中心 › 我的申请' })).toHaveAttribute(
      'href',
      '/personal/personalCenter/myApply',
    );
    // the purpose is required
    await userEvent.click(screen.getByTestId('request-dialog-ok'));
    expect(await within(dialog).findByText('请填写用途说明')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('purpose-input'), '耕地核查');
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('国土调查'));
    await userEvent.click(screen.getByTestId('request-dialog-ok'));
    expect(await screen.findByTestId('request-submitted')).toHaveTextContent(
      '数据申请 SQ20261126000001 已提交',
    );
    expect(await bodyOf(requestsTo(requests, '/api/order/v3/request')[0])).toEqual({
      ids: ['GF1_2'],
      purpose: '耕地核查',
      usage: '1',
    });
  });

  it('offers 推送 to managers only', async () => {
    stubServer(routes());
    signIn(['MOD_061']);
    renderApp(HUBEI_RESULTS);
    expect(await screen.findAllByTestId('scene-row')).toHaveLength(2);
    expect(screen.queryByTestId('push-button')).not.toBeInTheDocument();
  });

  it('pushes every result to the node chosen, and links to the batch', async () => {
    const requests = stubServer(pushRoutes(() => envelope(SENT)));
    signInAdmin();
    renderApp(HUBEI_RESULTS);
    const dialog = await openPushDialog();
    expect(dialog).toHaveTextContent('未勾选影像，将推送本次查询的全部 2 景');
    expect(within(dialog).getByTestId<HTMLInputElement>('push-name').value).toMatch(
      /^湖北省影像推送 \d{4}-\d{2}-\d{2}$/,
    );
    await chooseHubeiNode(dialog);
    await userEvent.click(within(dialog).getByLabelText('专线'));
    await userEvent.click(screen.getByTestId('push-ok'));
    const notice = await screen.findByTestId('push-sent');
    expect(notice).toHaveTextContent('推送批次“湖北省影像推送”已发送');
    const body = (await bodyOf(requestsTo(requests, '/api/push/v1/batch')[0])) as {
      name: string;
    };
    expect(body).toMatchObject({ channel: 'privateline', ids: ['GF1_1', 'GF1_2'], nodes: [3] });
    expect(body.name).toMatch(/^湖北省影像推送 /);
    // (Following it is the journey's: e2e/push.spec.ts.)
    expect(within(notice).getByTestId('push-sent-link')).toHaveAttribute(
      'href',
      '/push/image?batch=42',
    );
  });

  it('asks for a node, and shows the server’s refusal in the push dialog', async () => {
    stubServer(
      pushRoutes(() =>
        envelope(null, { code: 400, status: 400, message: '以下影像不存在：GF1_2' }),
      ),
    );
    signInAdmin();
    renderApp(HUBEI_RESULTS);
    const dialog = await openPushDialog();
    await userEvent.click(screen.getByTestId('push-ok'));
    expect(await within(dialog).findByText('请选择推送节点')).toBeInTheDocument();
    await chooseHubeiNode(dialog);
    await userEvent.click(screen.getByTestId('push-ok'));
    expect(await within(dialog).findByTestId('push-failed')).toHaveTextContent(
      '以下影像不存在：GF1_2',
    );
  });

  it('shows the coverage of every result, applies the suggestion, and exports with its ids', async () => {
    const square = UPLOADED_SHAPE.geojson;
    const coverage = (sceneCount: number) => ({
      aoiAreaKm2: 185900.5,
      coveredAreaKm2: 92950.25,
      ratio: 0.5,
      sceneCount,
      covered: square,
      notCovered: square,
      suggestion: { ids: ['GF1_2'], coveredAreaKm2: 92950.25, ratio: 0.5 },
    });
    const requests = stubServer({
      ...routes(),
      'POST /api/normal/v5/coverage': () => envelope(coverage(2)),
      'POST /api/normal/v5/coveragebyids': () => envelope(coverage(1)),
      'POST /api/normal/v5/notcovershp': () =>
        new Response('PK', { headers: { 'Content-Type': 'application/zip' } }),
    });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:zip' }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderApp(HUBEI_RESULTS.replace('tab=2', 'tab=3'));

    const figures = await screen.findByTestId('coverage-figures');
    expect(figures).toHaveTextContent('185,900.5 km²');
    expect(figures).toHaveTextContent('50.00%');
    expect(screen.getByTestId('coverage-suggestion')).toHaveTextContent('最少景数：1 景');
    expect(await bodyOf(requestsTo(requests, '/api/normal/v5/coverage')[0])).not.toHaveProperty(
      'pageNum',
    );

    // exporting with nothing checked exports every result
    await userEvent.click(screen.getByTestId('export-not-covered'));
    await waitFor(() => expect(saved).toEqual(['未覆盖范围.zip']));
    expect(await bodyOf(requestsTo(requests, '/api/normal/v5/notcovershp')[0])).toMatchObject({
      selectMode: 1,
      regionId: '420000',
      ids: ['GF1_1', 'GF1_2'],
    });

    // applying the suggestion checks exactly its scenes, and the coverage is theirs
    await userEvent.click(screen.getByTestId('coverage-apply-suggestion'));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/normal/v5/coveragebyids')).toHaveLength(1),
    );
    expect(await bodyOf(requestsTo(requests, '/api/normal/v5/coveragebyids')[0])).toMatchObject({
      regionId: '420000',
      ids: ['GF1_2'],
    });
    expect(await screen.findByText('统计范围：已选 1 景')).toBeInTheDocument();
  });

  it('searches over an uploaded shape by its uploadId', async () => {
    const requests = stubServer({
      ...routes(),
      'POST /api/normal/v5/upload/shp': () => envelope(UPLOADED_SHAPE),
    });
    const { router } = renderApp('/normal');
    await userEvent.click(within(await screen.findByTestId('select-mode')).getByText('上传SHP'));
    const input = screen.getByTestId('upload-shape').querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['{}'], 'aoi.geojson', { type: 'application/json' }));

    const uploaded = await screen.findByTestId('uploaded-shape');
    expect(uploaded).toHaveTextContent('5,432.1 km²');
    expect(uploaded).toHaveTextContent('EPSG:4490');
    // (jsdom's FormData does not survive Node's Request: the multipart body is the e2e's)
    expect(requestsTo(requests, '/api/normal/v5/upload/shp')).toHaveLength(1);

    await userEvent.click(screen.getByTestId('search-button'));
    await waitFor(() => expect(router.state.location.search).toContain('mode=3&upload=up-1'));
    await waitFor(() => expect(requestsTo(requests, '/api/normal/v5/normalmeta')).toHaveLength(1));
    expect(await bodyOf(requestsTo(requests, '/api/normal/v5/normalmeta')[0])).toMatchObject({
      selectMode: 3,
      uploadId: 'up-1',
    });
  });

  it('fetches the uploaded shape of a permalink and reports on it as after the upload', async () => {
    const requests = stubServer({
      ...routes(),
      'GET /api/normal/v5/upload/shp/up-1': () => envelope({ ...UPLOADED_SHAPE, repaired: true }),
    });
    renderApp(UPLOAD_RESULTS);
    expect(await screen.findAllByTestId('scene-row')).toHaveLength(2);
    expect(await bodyOf(requestsTo(requests, '/api/normal/v5/normalmeta')[0])).toMatchObject({
      selectMode: 3,
      uploadId: 'up-1',
    });
    await userEvent.click(screen.getByRole('tab', { name: '选择' }));
    const uploaded = await screen.findByTestId('uploaded-shape');
    expect(uploaded).toHaveTextContent('5,432.1 km²');
    expect(uploaded).toHaveTextContent('EPSG:4490');
    expect(uploaded).toHaveTextContent('无效多边形（自相交、重叠）已修复');
    expect(screen.queryByTestId('upload-restored')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/api/normal/v5/upload/shp/up-1')).toHaveLength(1);
  });

  it('says so when the uploaded shape of a permalink has expired', async () => {
    stubServer({
      ...routes(),
      'GET /api/normal/v5/upload/shp/up-1': () =>
        envelope(null, { code: 404, status: 404, message: '上传文件已过期或不存在，请重新上传' }),
    });
    renderApp(UPLOAD_RESULTS.replace('tab=2', 'tab=1'));
    expect(await screen.findByTestId('upload-gone')).toHaveTextContent(
      '上传文件已过期或不存在，请重新上传',
    );
    expect(screen.queryByTestId('uploaded-shape')).not.toBeInTheDocument();
    expect(screen.queryByTestId('upload-restored')).not.toBeInTheDocument();
  });

  it('fetches the uploaded list of a permalink and reports on it as after the upload', async () => {
    const requests = stubServer({
      ...routes(),
      'GET /api/normal/v5/upload/file/list-1': () =>
        envelope({
          uploadId: 'list-1',
          kind: 'pathrow',
          count: 2,
          entries: ['GF1,12,34', '566,120'],
          rejected: [{ line: 3, text: 'abc', reason: '不是 path,row' }],
        }),
    });
    renderApp(UPLOAD_RESULTS.replace('mode=3&upload=up-1', 'mode=5&upload=list-1'));
    expect(await screen.findAllByTestId('scene-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: '选择' }));
    const report = await screen.findByTestId('uploaded-list');
    expect(report).toHaveTextContent('已读取 2 条轨道号');
    expect(report).toHaveTextContent('第 3 行 不是 path,row');
    expect(
      screen.getByTestId('upload-list-kind').querySelector('.ant-radio-button-wrapper-checked'),
    ).toHaveTextContent('轨道号');
    expect(screen.queryByTestId('upload-restored')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/api/normal/v5/upload/file/list-1')).toHaveLength(1);
  });

  it('names the listed files the catalogue does not have', async () => {
    const requests = stubServer({
      ...routes(),
      'POST /api/normal/v5/upload/file': () =>
        envelope({
          uploadId: 'list-1',
          kind: 'filename',
          count: 2,
          entries: ['GF1_1_L1A.tar.gz', 'GF9_NONE'],
          rejected: [],
        }),
      'POST /api/normal/v5/filenames': () =>
        envelope({ found: [scene('GF1_1', 5)], missing: ['GF9_NONE'] }),
    });
    renderApp('/normal');
    await userEvent.click(within(await screen.findByTestId('select-mode')).getByText('文件'));
    const input = screen.getByTestId('upload-list').querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['x'], 'names.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('uploaded-list')).toHaveTextContent('已读取 2 条文件名');
    const missing = await screen.findByTestId('uploaded-list-missing');
    expect(missing).toHaveTextContent('1 个文件名在影像目录中不存在');
    expect(missing).toHaveTextContent('GF9_NONE');
    expect(await bodyOf(requestsTo(requests, '/api/normal/v5/filenames')[0])).toEqual({
      names: ['GF1_1_L1A.tar.gz', 'GF9_NONE'],
    });
  });
});
