import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { scenes } from '../../test/mapEngine';
import { renderPage } from '../../test/renderPage';
import { envelope, stubServer } from '../../test/server';
import type { ScreenNode } from './api/getScreenNodes';
import PushPage from './PushPage';

vi.mock('../../components/map/engine', () => import('../../test/mapEngine'));

beforeEach(() => {
  scenes.length = 0;
  vi.stubGlobal('WebGL2RenderingContext', class {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const none = { pending: 0, draft: 0, submitted: 0, returned: 0, approved: 0 };

function node(nodeId: number, name: string, regionId: string, over: Partial<ScreenNode> = {}) {
  return {
    nodeId,
    nodeName: name,
    regionId,
    regionName: name.replace('推送节点', ''),
    position: [114.3, 30.6],
    images: { batches: 0, scenes: 0, sizeMb: 0 },
    latestImages: null,
    spots: { pushed: 0, states: none },
    latestSpots: null,
    ...over,
  } satisfies ScreenNode;
}

const HUBEI = node(1, '湖北省推送节点', '420000', {
  images: { batches: 1, scenes: 200, sizeMb: 2048, lastSentAt: '2026-11-20 09:00' },
  latestImages: {
    batchId: 7,
    batchName: '演示：湖北省影像推送',
    sentAt: '2026-11-20 09:00',
    scenes: 200,
    sizeMb: 2048,
  },
  spots: { pushed: 40, states: { ...none, pending: 30, approved: 10 } },
  latestSpots: {
    batchId: 3,
    batchName: '演示：湖北省图斑核查',
    themeTitle: '地表覆盖监测',
    sentAt: '2026-11-21 10:00',
    pushed: 40,
    states: { ...none, pending: 30, approved: 10 },
  },
});
const BEIJING = node(2, '北京市推送节点', '110000', { position: null });

const props = { path: '/push/screen', title: '推送节点总览', trail: ['推送服务', '推送节点总览'] };

describe('the push screen', () => {
  it('lists the nodes that received something first, with what they received last', async () => {
    stubServer({ 'GET /api/push-screen/node': () => envelope([BEIJING, HUBEI]) });
    renderPage(<PushPage {...props} />);
    const cards = await screen.findAllByTestId('screen-node');
    expect(cards.map((c) => c.dataset.node)).toEqual(['1', '2']);
    expect(within(cards[0]!).getByTestId('screen-latest-images')).toHaveTextContent(
      '演示：湖北省影像推送（2026-11-20 09:00，200 景）',
    );
    expect(within(cards[0]!).getByTestId('screen-latest-spots')).toHaveTextContent(
      '演示：湖北省图斑核查（地表覆盖监测',
    );
    expect(cards[0]).toHaveTextContent('40 个，已通过 25%');
    expect(cards[1]).toHaveTextContent('暂无推送');
    expect(screen.getByTestId('screen-total-推送节点')).toHaveTextContent('1 / 2');
    expect(screen.getByTestId('screen-total-数据量')).toHaveTextContent('2 GB');
    // On the map: only the node with a place, coloured as having received something.
    await waitFor(() => {
      const layer = scenes.at(-1)?.overlays.find((l) => l.id === 'push-screen-nodes');
      expect(layer?.kind === 'geojson' && layer.data).toMatchObject({
        features: [{ properties: { id: '1', received: 1 } }],
      });
    });
  });

  it('says when there is no node to show', async () => {
    stubServer({ 'GET /api/push-screen/node': () => envelope([]) });
    renderPage(<PushPage {...props} />);
    expect(await screen.findByTestId('screen-empty')).toHaveTextContent('暂无可查看的推送节点');
  });

  it('says when the nodes failed to load and asks again on 重试', async () => {
    let fail = true;
    stubServer({
      'GET /api/push-screen/node': () =>
        fail
          ? envelope(null, { code: 503, status: 503, message: '服务器繁忙' })
          : envelope([HUBEI]),
    });
    renderPage(<PushPage {...props} />);
    const failed = await screen.findByTestId('screen-failed');
    fail = false;
    await userEvent.click(within(failed).getByRole('button'));
    expect(await screen.findAllByTestId('screen-node')).toHaveLength(1);
  });
});
