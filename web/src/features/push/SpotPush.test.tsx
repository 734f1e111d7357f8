import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { scenes } from '../../test/mapEngine';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signInAdmin, testUser } from '../../test/session';
import PushPage from './PushPage';
import type {
  CheckState,
  SpotBatch,
  SpotBatchNode,
  SpotCheck,
  SpotCheckDetail,
  SpotCheckStatistics,
} from './spot/api/types';

vi.mock('../../components/map/engine', () => import('../../test/mapEngine'));

beforeEach(() => {
  scenes.length = 0;
  vi.stubGlobal('WebGL2RenderingContext', class {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const counts = (pending: number, submitted = 0) => ({
  pending,
  draft: 0,
  submitted,
  returned: 0,
  approved: 0,
});

const HUBEI: SpotBatchNode = {
  nodeId: 1,
  nodeName: '湖北省推送节点',
  regionId: '420000',
  regionName: '湖北省',
  spotCount: 2,
  status: 1,
  statusLabel: '已下发',
  byState: counts(2),
};

const batch = (id: number, sent: boolean, nodes = [HUBEI]): SpotBatch => ({
  id,
  name: `湖北省图斑核查 ${id}`,
  theme: 'landcover',
  themeTitle: '地表覆盖监测',
  createdAt: '2026-11-27 10:05',
  creator: 'admin',
  demo: false,
  sentAt: sent ? '2026-11-27 10:10' : null,
  spotCount: nodes.reduce((sum, node) => sum + node.spotCount, 0),
  byState: counts(sent ? 2 : 0),
  nodes: sent ? nodes : nodes.map((node) => ({ ...node, status: 0, statusLabel: '未下发' })),
});

const LABELS: Record<CheckState, string> = {
  pending: '待核查',
  draft: '核查中',
  submitted: '已提交',
  returned: '已退回',
  approved: '已通过',
};

const record = (id: number, state: CheckState = 'pending'): SpotCheck => ({
  id,
  batchId: 7,
  batchName: '湖北省图斑核查 7',
  nodeId: 1,
  nodeName: '湖北省推送节点',
  spotId: 4000 + id,
  name: null,
  theme: 'landcover',
  themeTitle: '地表覆盖监测',
  spotBatch: '2025Q4',
  regionName: '湖北省武汉市洪山区',
  xzqdm: '420111',
  areaM2: 12000,
  state,
  stateLabel: LABELS[state],
  result: state === 'submitted' ? 1 : null,
  resultLabel: state === 'submitted' ? '真实变化' : null,
  note: '',
  tblx: '1',
  tblxLabel: '耕地',
});

const square = {
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [114, 30],
        [114.01, 30],
        [114.01, 30.01],
        [114, 30],
      ],
    ],
  ],
};

const detailOf = (shown: SpotCheck): SpotCheckDetail => ({
  record: shown,
  typeDict: 'SPOT_META_TYPE',
  geometry: square,
  photos: [],
  history:
    shown.state === 'submitted'
      ? [
          {
            action: 'submit',
            actor: 'hubei',
            at: '2026-11-27 11:00',
            from: 'pending',
            to: 'submitted',
            toLabel: '已提交',
          },
        ]
      : [],
});

const STATISTICS: SpotCheckStatistics = {
  total: 2,
  byState: counts(2),
  byNode: [{ nodeId: 1, nodeName: '湖北省推送节点', total: 2, byState: counts(2) }],
  byResult: [
    { result: 1, label: '真实变化', count: 0 },
    { result: 2, label: '伪变化', count: 0 },
    { result: 3, label: '其他', count: 0 },
    { result: null, label: '未填写', count: 2 },
  ],
};

const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

const dict = (entries: [string, string][]) =>
  envelope(entries.map(([value, label]) => ({ value, label })));

const THEME = {
  name: 'landcover',
  title: '地表覆盖监测',
  layer: 'landcover_meta',
  stageDict: 'SPOT_META_STAGE_V2',
  typeDict: 'SPOT_META_TYPE',
  attrs: [],
  modes: [],
  gridLevel: 13,
  ramp: 'green',
  zonesLayer: null,
};

/** The server of both views: a sent batch 7 to Hubei, a prepared batch 8, two records. */
function server(extra: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return stubServer({
    'GET /api/spotbatch/v1/manager': () => envelope(page([batch(8, false), batch(7, true)])),
    'GET /api/spotbatch/v1/own': () => envelope(page([batch(7, true)])),
    'GET /api/spotbatch/v1/batch/7': () => envelope(batch(7, true)),
    'GET /api/spotbatch/v1/vector/7': () =>
      envelope({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', id: '11', properties: record(11), geometry: square }],
      }),
    'GET /api/push-spot-bjhs/query': () => envelope(page([record(11), record(12)])),
    'GET /api/push-spot-bjhs/statistics': () => envelope(STATISTICS),
    'GET /api/push-spot-bjhs/detail/11': () => envelope(detailOf(record(11))),
    'GET /api/push-spot-bjhs/detail/12': () => envelope(detailOf(record(12, 'submitted'))),
    'GET /api/push-spot-bjhs/position/11': () =>
      envelope({ bbox: [114, 30, 114.01, 30.01], centre: [114.005, 30.005], recorded: null }),
    'GET /api/push-spot-bjhs/position/12': () =>
      envelope({ bbox: [114, 30, 114.01, 30.01], centre: [114.005, 30.005], recorded: null }),
    'POST /api/process-spot-bjhs/process': () => envelope(record(11, 'draft')),
    'GET /api/dict/SPOT_BJHS_RESULT': () =>
      dict([
        ['1', '真实变化'],
        ['2', '伪变化'],
        ['3', '其他'],
      ]),
    'GET /api/dict/SPOT_BJHS_BATCH_STATUS': () =>
      dict([
        ['0', '未下发'],
        ['1', '已下发'],
        ['2', '核查中'],
        ['3', '已完成'],
      ]),
    'GET /api/dict/SPOT_META_TYPE': () =>
      dict([
        ['1', '耕地'],
        ['2', '林地'],
      ]),
    'GET /api/dict/SPOT_META_STAGE_V2': () => dict([['1', '第一阶段']]),
    'GET /api/spot/v2/themes': () => envelope([THEME]),
    'GET /api/spot/v2/landcover/batch': () =>
      envelope([
        { id: '2025Q4', typeName: '2025年第四季度' },
        { id: '2025Q3', typeName: '2025年第三季度' },
      ]),
    'GET /api/usercenter/pushnode': () =>
      envelope([
        { id: 1, name: '湖北省推送节点', regionId: '420000', regionName: '湖北省', accounts: 1 },
      ]),
    'GET /api/region/v2/id/420000': () => envelope({ bbox: [108, 29, 116, 33] }),
    'GET /api/region/v2/pids/420000/s': () => envelope({ type: 'FeatureCollection', features: [] }),
    ...extra,
  });
}

function show(at = '/push/spot') {
  return renderPage(
    <PushPage path="/push/spot" title="图斑推送" trail={['推送服务', '图斑推送']} />,
    '/push/spot',
    at,
  );
}

function signInNodeUser(nodes = [{ id: 1, name: '湖北省推送节点', regionId: '420000' }]) {
  const user = testUser([]);
  useSession.setState({
    token: 'session-token',
    userInfo: { ...user, personInfo: { relatePushNodeInfo: nodes } },
  });
}

/** Opens the select of `testId` and takes the option `label`. */
async function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  await userEvent.click(select.querySelector('input') ?? select);
  await userEvent.click(
    await screen.findByText(label, { selector: '.ant-select-item-option-content' }),
  );
}

async function bodiesOf(requests: Request[], path: string): Promise<unknown[]> {
  return Promise.all(requestsTo(requests, path).map((request) => request.json()));
}

describe('图斑推送 (/push/spot)', () => {
  it('tells an account without a push node so, and asks nothing of spot push', async () => {
    const requests = server();
    signInNodeUser([]);
    show();
    expect(await screen.findByTestId('spot-no-node')).toHaveTextContent('您的账号未关联推送节点');
    expect(requests.filter((r) => r.url.includes('spot'))).toEqual([]);
  });

  it('lists a node account’s own batches without the nodes or 新建, and says when there are none', async () => {
    let none = false;
    const requests = server({
      'GET /api/spotbatch/v1/own': () => envelope(page(none ? [] : [batch(7, true)])),
    });
    signInNodeUser();
    const view = show();
    const entry = await screen.findByTestId('spot-batch');
    expect(entry).toHaveTextContent('湖北省图斑核查 7');
    expect(entry).toHaveTextContent('地表覆盖监测');
    expect(entry).toHaveTextContent('2 个图斑');
    expect(within(entry).getByTestId('spot-batch-states')).toHaveTextContent('待核查 2');
    expect(within(entry).queryByTestId('spot-batch-nodes')).not.toBeInTheDocument();
    expect(screen.queryByTestId('spot-create')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '待审核' })).not.toBeInTheDocument();
    expect(requestsTo(requests, '/api/spotbatch/v1/manager')).toHaveLength(0);
    view.unmount();

    none = true;
    show();
    expect(await screen.findByTestId('spot-batches-empty')).toHaveTextContent('暂无图斑批次');
  });

  it('shows a manager every batch with each node’s status from the dictionary', async () => {
    server();
    signInAdmin();
    show();
    const entries = await screen.findAllByTestId('spot-batch');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByTestId('spot-batch-unsent')).toHaveTextContent('未下发');
    expect(within(entries[1]!).getByTestId('spot-batch-nodes')).toHaveTextContent(
      '湖北省推送节点（2 个）已下发',
    );
    expect(within(entries[1]!).queryByTestId('spot-batch-send')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '待审核' })).toBeInTheDocument();
  });

  it('checks a new batch in the dialog, and shows the server’s refusal there', async () => {
    const requests = server({
      'POST /api/spotbatch/v1/batch': () =>
        envelope(null, { code: 400, status: 400, message: '所选图斑超过 10,000 个，请缩小范围' }),
    });
    signInAdmin();
    show();
    await userEvent.click(await screen.findByTestId('spot-create'));
    const dialog = await screen.findByTestId('spot-create-dialog');
    await userEvent.click(screen.getByTestId('spot-create-ok'));
    expect(await within(dialog).findByText('请输入批次名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择监测专题')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择推送节点')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/spotbatch/v1/batch')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('spot-create-name'), '第四季度核查');
    await choose('spot-create-theme', '地表覆盖监测');
    // The theme's latest spot batch is taken unless another is chosen.
    await waitFor(() =>
      expect(screen.getByTestId('spot-create-batch')).toHaveTextContent('2025年第四季度'),
    );
    await choose('spot-create-type', '耕地');
    await choose('spot-create-nodes', '湖北省推送节点（湖北省）');
    await userEvent.click(screen.getByTestId('spot-create-ok'));
    expect(await within(dialog).findByTestId('spot-create-failed')).toHaveTextContent(
      '所选图斑超过 10,000 个，请缩小范围',
    );
    expect(await bodiesOf(requests, '/api/spotbatch/v1/batch')).toEqual([
      {
        name: '第四季度核查',
        theme: 'landcover',
        filter: { batch: '2025Q4', xzqdm: null, stage: null, tblx: '1' },
        nodes: [1],
      },
    ]);
  });

  it('sends a prepared batch only after a confirmation, and shows a 409', async () => {
    let sent = false;
    const requests = server({
      'POST /api/spotbatch/v1/send/8': () =>
        sent
          ? envelope(null, { code: 409, status: 409, message: '该批次已下发' })
          : envelope(batch(8, true)),
    });
    signInAdmin();
    show();
    await userEvent.click(await screen.findByTestId('spot-batch-send'));
    expect(
      await screen.findByText(/确定将“湖北省图斑核查 8”的 2 个图斑下发到 1 个节点吗/),
    ).toBeInTheDocument();
    expect(requestsTo(requests, '/api/spotbatch/v1/send/8')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('spot-send-ok'));
    expect(await screen.findByText('图斑批次“湖北省图斑核查 8”已下发')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/spotbatch/v1/send/8')).toHaveLength(1);

    sent = true;
    await userEvent.click(screen.getByTestId('spot-batch-send'));
    await userEvent.click(await screen.findByTestId('spot-send-ok'));
    expect(await screen.findByText('该批次已下发')).toBeInTheDocument();
  });

  it('opens a batch from the address with its summary, records and spots on the map', async () => {
    const requests = server();
    signInNodeUser();
    show('/push/spot?batch=7&node=1');
    expect(await screen.findByTestId('spot-batch-name')).toHaveTextContent('湖北省图斑核查 7');
    expect(await screen.findByTestId('spot-summary-states')).toHaveTextContent('共 2 个');
    expect(screen.getByTestId('spot-summary-results')).toHaveTextContent('未填写 2');
    const table = screen.getByTestId('spot-record-table');
    expect(await within(table).findByText('图斑 4011')).toBeInTheDocument();
    const [asked] = requestsTo(requests, '/api/push-spot-bjhs/query');
    const query = new URL(asked?.url ?? '').searchParams;
    expect([query.get('batchId'), query.get('nodeId')]).toEqual(['7', '1']);
    await waitFor(() =>
      expect((scenes.at(-1)?.overlays ?? []).map((layer) => layer.id)).toEqual(
        expect.arrayContaining(['spot-records', 'spot-points']),
      ),
    );
    expect(screen.getByTestId('spot-legend')).toHaveTextContent('已退回');
  });

  it('lets a node user save a record’s finding, then submit it', async () => {
    const requests = server();
    signInNodeUser();
    const { router } = show('/push/spot?batch=7&node=1');
    await userEvent.click(await screen.findByText('图斑 4011'));
    expect(router.state.location.search).toBe('?batch=7&node=1&record=11');
    expect(await screen.findByTestId('spot-record-name')).toHaveTextContent('图斑 4011');

    // A submit needs a result.
    await userEvent.click(screen.getByTestId('spot-submit'));
    expect(await screen.findByText('提交前请选择核查结果')).toBeInTheDocument();

    await choose('spot-result', '真实变化');
    await choose('spot-verified-type', '林地');
    await userEvent.type(screen.getByTestId('spot-note'), '现场为新建厂房');
    await userEvent.type(screen.getByLabelText('经度'), '114.005');
    await userEvent.type(screen.getByLabelText('纬度'), '30.005');
    await userEvent.click(screen.getByTestId('spot-save'));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('spot-submit'));
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();

    const finding = {
      result: 1,
      verifiedType: '2',
      note: '现场为新建厂房',
      lon: 114.005,
      lat: 30.005,
    };
    expect(await bodiesOf(requests, '/api/process-spot-bjhs/process')).toEqual([
      { id: 11, action: 'save', ...finding },
      { id: 11, action: 'submit', ...finding },
    ]);
    await waitFor(() =>
      expect((scenes.at(-1)?.overlays ?? []).map((layer) => layer.id)).toEqual(
        expect.arrayContaining(['spot-record', 'spot-position']),
      ),
    );
    // A manager's steps are not offered to a node.
    expect(screen.queryByTestId('spot-approve')).not.toBeInTheDocument();
  });

  it('refuses a photo over 5 MB in the page, without asking the server', async () => {
    const requests = server();
    signInNodeUser();
    show('/push/spot?record=11');
    await screen.findByTestId('spot-record-name');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'site.png', { type: 'image/png' });
    const input = screen.getByTestId('spot-photo-upload').querySelector('input[type=file]');
    await userEvent.upload(input as HTMLInputElement, big);
    expect(await screen.findByText('照片不能超过 5 MB')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/process-spot-bjhs/photo/11')).toHaveLength(0);
  });

  it('lets a manager return a submitted record from the review queue, with a reason', async () => {
    const requests = server({
      'GET /api/process-spot-bjhs/query': () => envelope(page([record(12, 'submitted')])),
      'GET /api/process-spot-bjhs/statistics': () =>
        envelope({ ...STATISTICS, total: 1, byState: counts(0, 1) }),
      'POST /api/process-spot-bjhs/process': () => envelope(record(12, 'returned')),
    });
    signInAdmin();
    show('/push/spot?tab=review');
    await userEvent.click(await screen.findByText('图斑 4012'));
    expect(await screen.findByTestId('spot-finding')).toHaveTextContent('真实变化');
    expect(screen.getByTestId('spot-history')).toHaveTextContent('hubei：待核查 → 已提交');
    expect(screen.queryByTestId('spot-save')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('spot-return'));
    await userEvent.click(await screen.findByTestId('spot-return-ok'));
    expect(await screen.findByTestId('spot-return-reason-error')).toHaveTextContent(
      '请填写退回原因',
    );
    await userEvent.type(screen.getByLabelText('退回原因'), '照片不清晰，请补拍');
    await userEvent.click(screen.getByTestId('spot-return-ok'));
    expect(await screen.findByText('已退回')).toBeInTheDocument();
    expect(await bodiesOf(requests, '/api/process-spot-bjhs/process')).toEqual([
      { id: 12, action: 'return', reason: '照片不清晰，请补拍' },
    ]);
  });

  it('says a batch is not there when the server does not show it to the caller', async () => {
    const requests = server();
    signInNodeUser();
    show('/push/spot?batch=9&node=1');
    expect(await screen.findByTestId('spot-batch-missing')).toHaveTextContent('图斑批次不存在');
    expect(requestsTo(requests, '/api/spotbatch/v1/batch/9')).toHaveLength(1);
    expect(requestsTo(requests, '/api/spotbatch/v1/own')).toHaveLength(0);
  });

  it('says when the list failed, and 重试 asks again', async () => {
    let fail = true;
    server({
      'GET /api/spotbatch/v1/manager': () =>
        fail ? envelope(null, { code: 500, status: 500, message: '服务异常' }) : envelope(page([])),
    });
    signInAdmin();
    show();
    const failed = await screen.findByTestId('spot-batches-failed');
    fail = false;
    await userEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('spot-batches-empty')).toBeInTheDocument();
  });
});
