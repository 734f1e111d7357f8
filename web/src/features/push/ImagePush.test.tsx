import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { saveFile } from '../../lib/saveFile';
import { scenes } from '../../test/mapEngine';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signInAdmin, testUser } from '../../test/session';
import type { NodePart, PushBatch, PushCoverage, PushDetail, PushItem } from './api/types';
import PushPage from './PushPage';

vi.mock('../../components/map/engine', () => import('../../test/mapEngine'));
vi.mock('../../lib/saveFile', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  scenes.length = 0;
  vi.stubGlobal('WebGL2RenderingContext', class {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
  useSession.getState().clear();
});

const HUBEI: NodePart = {
  nodeId: 1,
  nodeName: '湖北省推送节点',
  regionId: '420000',
  regionName: '湖北省',
  sceneCount: 2,
  sizeMb: 1234.5,
};
const HUNAN: NodePart = {
  nodeId: 2,
  nodeName: '湖南省推送节点',
  regionId: '430000',
  regionName: '湖南省',
  sceneCount: 1,
  sizeMb: 600,
};

const batch = (id: number, nodes: NodePart[]): PushBatch => ({
  id,
  name: `湖北省影像推送 ${id}`,
  channel: 'privateline',
  createdAt: '2026-11-27 10:05',
  creator: 'admin',
  demo: false,
  sceneCount: nodes.reduce((sum, node) => sum + node.sceneCount, 0),
  sizeMb: nodes.reduce((sum, node) => sum + node.sizeMb, 0),
  nodes,
});

const item = (node: NodePart, sceneId: string): PushItem => ({
  nodeId: node.nodeId,
  nodeName: node.nodeName,
  regionId: node.regionId,
  sceneId,
  fileName: `${sceneId}_L1A.tar.gz`,
  satellite: 'GF1',
  sensor: 'PMS1',
  acquiredAt: '2026-10-03T03:24:10Z',
  cloud: 5,
  resolution: 2,
  sizeMb: 617.25,
  deliveredAt: '2026-11-27 10:05',
});

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [114, 30],
      [115, 30],
      [115, 31],
      [114, 30],
    ],
  ],
};

const COVERAGE: PushCoverage = {
  aoiAreaKm2: 185900,
  coveredAreaKm2: 92950,
  ratio: 0.5,
  sceneCount: 2,
  covered: { type: 'MultiPolygon', coordinates: [square.coordinates] },
  notCovered: { type: 'MultiPolygon', coordinates: [square.coordinates] },
  suggestion: { ids: ['GF1_1'], coveredAreaKm2: 92950, ratio: 0.5 },
};

const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

function detailOf(shown: PushBatch): PushDetail {
  return {
    batch: shown,
    items: { ...page([item(HUBEI, 'GF1_1'), item(HUBEI, 'GF1_2'), item(HUNAN, 'GF1_3')]) },
  };
}

/** The server of a manager's view: one batch to Hubei and Hunan. */
function server(extra: Record<string, () => Response> = {}) {
  const sent = batch(7, [HUBEI, HUNAN]);
  return stubServer({
    'GET /api/push/v1/batch': () => envelope(page([sent])),
    'GET /api/push/v1/own': () => envelope(page([batch(7, [HUBEI])])),
    'GET /api/push/v1/detail/7': () => envelope(detailOf(sent)),
    'GET /api/push/v1/vector/7': () =>
      envelope({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', id: '1:GF1_1', properties: item(HUBEI, 'GF1_1'), geometry: square },
        ],
      }),
    'GET /api/push/v1/coverCalculate/7': () => envelope(COVERAGE),
    'GET /api/push/v1/exportexcel/7': () =>
      new Response('PK', {
        headers: { 'Content-Disposition': 'attachment; filename="push_7.xlsx"' },
      }),
    'GET /api/region/v2/id/420000': () => envelope({ bbox: [108, 29, 116, 33] }),
    'GET /api/region/v2/pids/420000/s': () => envelope({ type: 'FeatureCollection', features: [] }),
    ...extra,
  });
}

function show(at = '/push/image') {
  return renderPage(
    <PushPage path="/push/image" title="影像推送" trail={['推送服务', '影像推送']} />,
    '/push/image',
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

function overlayIds(): string[] {
  return (scenes.at(-1)?.overlays ?? []).map((layer) => layer.id);
}

describe('影像推送 (/push/image)', () => {
  it('tells an account without a push node so, and asks nothing of the push service', async () => {
    const requests = server();
    signInNodeUser([]);
    show();
    expect(await screen.findByTestId('push-no-node')).toHaveTextContent('您的账号未关联推送节点');
    expect(requests.filter((r) => r.url.includes('/api/push/'))).toEqual([]);
  });

  it('lists a node account’s own batches, and says when there are none', async () => {
    let none = false;
    const requests = server({
      'GET /api/push/v1/own': () => envelope(page(none ? [] : [batch(7, [HUBEI])])),
    });
    signInNodeUser();
    const view = show();
    const entry = await screen.findByTestId('push-batch');
    expect(entry).toHaveTextContent('湖北省影像推送 7');
    expect(entry).toHaveTextContent('专线');
    expect(entry).toHaveTextContent('2026-11-27 10:05 · 2 景 · 1.21 GB');
    // A node account is not told of other nodes.
    expect(within(entry).queryByTestId('push-batch-nodes')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/api/push/v1/batch')).toHaveLength(0);
    view.unmount();

    none = true;
    show();
    expect(await screen.findByTestId('push-batches-empty')).toHaveTextContent('暂无推送批次');
  });

  it('shows a manager every batch with its nodes; opening one keeps it in the address and draws its footprints', async () => {
    server();
    signInAdmin();
    const { router } = show();
    const entry = await screen.findByTestId('push-batch');
    expect(within(entry).getByTestId('push-batch-nodes')).toHaveTextContent(
      '湖北省推送节点（2 景，1.21 GB）、湖南省推送节点（1 景，600 MB）',
    );
    await userEvent.click(within(entry).getByRole('button', { name: '湖北省影像推送 7' }));
    expect(await screen.findByTestId('push-detail-name')).toHaveTextContent('湖北省影像推送 7');
    expect(router.state.location.search).toBe('?batch=7');
    // The node with scenes first; a manager sees every node's items and which node each went to.
    expect(screen.getByTestId('push-node')).toHaveTextContent('湖北省推送节点（2 景）');
    const table = screen.getByTestId('push-items');
    expect(within(table).getByText('GF1_3_L1A.tar.gz')).toBeInTheDocument();
    expect(within(table).getAllByText('湖南省推送节点')).toHaveLength(1);
    expect(within(table).getAllByText('2026-10-03 11:24')).toHaveLength(3);
    await waitFor(() => expect(overlayIds()).toContain('push-footprints'));
  });

  it('opens a batch from a link, computes the coverage of the node’s region and exports its files', async () => {
    const requests = server();
    signInNodeUser();
    show('/push/image?batch=7&node=1');
    await screen.findByTestId('push-detail');
    await userEvent.click(screen.getByTestId('push-calculate'));
    expect(await screen.findByTestId('push-coverage-ratio')).toHaveTextContent('50.00%');
    expect(screen.getByTestId('push-coverage')).toHaveTextContent('92,950 km²');
    expect(screen.getByTestId('push-coverage-legend-uncovered')).toHaveTextContent(
      '未覆盖（92,950 km²）',
    );
    const [asked] = requestsTo(requests, '/api/push/v1/coverCalculate/7');
    expect(new URL(asked?.url ?? '').searchParams.get('nodeId')).toBe('1');
    await waitFor(() =>
      expect(overlayIds()).toEqual(expect.arrayContaining(['covered', 'not-covered'])),
    );

    await userEvent.click(screen.getByTestId('push-export-excel'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('push_7.xlsx');
  });

  it('shows the server’s refusal of a coverage as a toast, and asks again on 覆盖计算', async () => {
    let busy = true;
    server({
      'GET /api/push/v1/coverCalculate/7': () =>
        busy
          ? envelope(null, { code: 429, status: 429, message: '计算任务较多，请稍后再试' })
          : envelope(COVERAGE),
    });
    signInNodeUser();
    show('/push/image?batch=7');
    await userEvent.click(await screen.findByTestId('push-calculate'));
    expect(await screen.findByText('计算任务较多，请稍后再试')).toBeInTheDocument();
    expect(screen.queryByTestId('push-coverage')).not.toBeInTheDocument();
    busy = false;
    await userEvent.click(screen.getByTestId('push-calculate'));
    expect(await screen.findByTestId('push-coverage-ratio')).toHaveTextContent('50.00%');
  });

  it('says when a batch is not there, and when the list failed (重试 asks again)', async () => {
    let fail = true;
    server({
      'GET /api/push/v1/detail/8': () =>
        envelope(null, { code: 404, status: 404, message: '推送批次不存在' }),
      'GET /api/push/v1/batch': () =>
        fail ? envelope(null, { code: 500, status: 500, message: '服务异常' }) : envelope(page([])),
    });
    signInAdmin();
    const view = show('/push/image?batch=8');
    expect(await screen.findByTestId('push-batch-missing')).toHaveTextContent('推送批次不存在');
    view.unmount();

    show();
    const failed = await screen.findByTestId('push-batches-failed');
    fail = false;
    await userEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('push-batches-empty')).toBeInTheDocument();
  });
});
