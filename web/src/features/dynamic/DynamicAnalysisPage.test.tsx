import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapLayer } from '../../components/map/types';
import { useSession } from '../../lib/session';
import { saveFile } from '../../lib/saveFile';
import { regions } from '../../test/regions';
import { scenes } from '../../test/mapEngine';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { regionRange, testUser } from '../../test/session';
import type { Dynamic, ThemeInfo } from './api/types';
import DynamicAnalysisPage from './DynamicAnalysisPage';

vi.mock('../../components/map/engine', () => import('../../test/mapEngine'));
vi.mock('../../lib/saveFile', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  scenes.length = 0;
  vi.stubGlobal('WebGL2RenderingContext', class {});
  useSession.setState({
    token: 'session-token',
    userInfo: testUser(['MOD_058', 'MOD_059']),
    areaRange: [regionRange('420000')],
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
  useSession.getState().clear();
});

const theme = (name: ThemeInfo['name'], title: string): ThemeInfo => ({
  name,
  title,
  layer: `${name}_meta`,
  stageDict: 'SPOT_META_STAGE_V2',
  typeDict: null,
  attrs: [],
  ramp: 'green',
  modes: ['statistics', 'detail'],
  gridLevel: 13,
});

const tally = (count: number, areaM2: number) => ({ count, areaM2 });
const tallies = (appeared: number, grew: number, shrank: number, vanished: number) => ({
  appeared: tally(appeared, appeared * 1000),
  grew: tally(grew, grew * 2000),
  shrank: tally(shrank, shrank * 500),
  vanished: tally(vanished, vanished * 3000),
  unchanged: tally(1, 6666.67),
});

const Q1 = { id: '2025Q1', typeName: '2025年第一季度' };
const Q2 = { id: '2025Q2', typeName: '2025年第二季度' };
const Q3 = { id: '2025Q3', typeName: '2025年第三季度' };

const HUBEI: Dynamic = {
  from: Q2,
  to: Q3,
  regionId: '420000',
  name: '湖北省',
  total: tallies(3, 2, 1, 4),
  regions: [
    { regionId: '420100', name: '武汉市', hasChildren: true, ...tallies(3, 2, 1, 4) },
    { regionId: '429004', name: '仙桃市', hasChildren: false, ...tallies(0, 0, 0, 0) },
  ],
};

const WUHAN: Dynamic = {
  ...HUBEI,
  regionId: '420100',
  name: '武汉市',
  regions: [{ regionId: '420111', name: '洪山区', hasChildren: false, ...tallies(3, 2, 1, 4) }],
};

const DYNAMIC = '/api/spot/v2/pvland/dynamic';

function routes(answers: { dynamic?: () => Response; pvBatches?: unknown[] } = {}) {
  const { country, hubei, wuhan } = regions;
  return {
    'GET /api/spot/v2/themes': () =>
      envelope([theme('windmill', '风电设施监测'), theme('pvland', '光伏用地监测')]),
    // One windmill batch: nothing to compare.
    'GET /api/spot/v2/windmill/batch': () => envelope([Q3]),
    'GET /api/spot/v2/pvland/batch': () => envelope(answers.pvBatches ?? [Q3, Q2, Q1]),
    [`GET ${DYNAMIC}`]:
      answers.dynamic ??
      ((request: Request) =>
        envelope(new URL(request.url).searchParams.get('xzqdm') === '420100' ? WUHAN : HUBEI)),
    [`GET ${DYNAMIC}/export/excel`]: () =>
      new Response('PK workbook', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="pvland_dynamic_2025Q2_2025Q3.xlsx"',
        },
      }),
    'GET /api/region/v2/id/420000/l': () => envelope([country, hubei]),
    'GET /api/region/v2/id/420100/l': () => envelope([country, hubei, wuhan]),
    'GET /api/region/v2/id/420000': () => envelope(hubei),
    'GET /api/region/v2/id/420100': () => envelope(wuhan),
    'GET /api/region/v2/pids/420000/s': () => envelope({ type: 'FeatureCollection', features: [] }),
    'GET /api/region/v2/pids/420100/s': () => envelope({ type: 'FeatureCollection', features: [] }),
    'GET /api/region/v2/pid/100000/l': () =>
      envelope([{ id: '420000', name: '湖北省', isLeaf: false }]),
  };
}

function renderDynamic() {
  return renderPage(
    <DynamicAnalysisPage path="/monitor/dynamicAnalysis" title="动态分析" trail={['应用监测']} />,
    '/monitor/dynamicAnalysis',
  );
}

const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://x').searchParams);

/** The changes layer the map was last shown. */
function changes(): MapLayer | undefined {
  return scenes.at(-1)?.overlays.find((layer) => layer.id === 'spot_dynamic');
}

/** A vector layer's filter. */
const filterOf = (layer: MapLayer | undefined) => (layer?.kind === 'vector' ? layer.filter : null);

describe('动态分析 (/monitor/dynamicAnalysis)', () => {
  it('compares the two latest batches of the first theme with two, on the table and the map', async () => {
    const requests = stubServer(routes());
    renderDynamic();
    expect(await screen.findByTestId('dynamic-total')).toHaveTextContent(
      '湖北省：2025年第二季度 至 2025年第三季度，新增 3 个、扩大 2 个、缩小 1 个、消失 4 个，不变 1 个',
    );
    // 风电 has one batch only: 光伏 is the only theme offered.
    expect(screen.getByTestId('dynamic-theme')).toHaveTextContent('光伏用地监测');
    expect(screen.getByTestId('dynamic-from')).toHaveTextContent('2025年第二季度');
    expect(screen.getByTestId('dynamic-to')).toHaveTextContent('2025年第三季度');
    expect(queryOf(requestsTo(requests, DYNAMIC)[0])).toEqual({ from: '2025Q2', to: '2025Q3' });
    const table = screen.getByTestId('dynamic-table');
    expect(
      within(table)
        .getAllByTestId('region-row')
        .map((row) => row.textContent),
    ).toEqual(['武汉市', '仙桃市']);
    // 6,666.67 m² unchanged is 10 亩.
    expect(within(screen.getByTestId('dynamic-sum')).getAllByText('10 亩')).toHaveLength(1);
    const legend = screen.getByTestId('dynamic-legend');
    expect(
      within(legend)
        .getAllByTestId('legend-kind')
        .map((item) => item.textContent),
    ).toEqual(['新增', '扩大', '缩小', '消失']);
    await waitFor(() => expect(changes()?.kind).toBe('vector'));
    const layer = changes();
    expect(layer?.kind === 'vector' && layer.tiles[0]).toContain(
      'viewparams=theme%3Apvland%3Bfrom%3A2025Q2%3Bto%3A2025Q3',
    );
  });

  it('drills into a region by its row and goes back up', async () => {
    const requests = stubServer(routes());
    renderDynamic();
    await userEvent.click(
      await screen.findByText('武汉市', { selector: '[data-testid=region-row]' }),
    );
    expect(await screen.findByText('洪山区')).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, DYNAMIC).at(-1))).toEqual({
      from: '2025Q2',
      to: '2025Q3',
      xzqdm: '420100',
    });
    await waitFor(() =>
      expect(filterOf(changes())).toEqual([
        '==',
        ['slice', ['to-string', ['get', 'xzqdm']], 0, 4],
        '4201',
      ]),
    );
    await userEvent.click(screen.getByTestId('dynamic-up'));
    expect(await screen.findByText('仙桃市')).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, DYNAMIC).at(-1))).toEqual({
      from: '2025Q2',
      to: '2025Q3',
      xzqdm: '420000',
    });
  });

  it('asks nothing for the same batch twice and says why', async () => {
    const requests = stubServer(routes());
    renderDynamic();
    await screen.findByTestId('dynamic-total');
    await userEvent.click(screen.getByTestId('dynamic-from').querySelector('input')!);
    await userEvent.click(
      await screen.findByText('2025年第三季度', { selector: '.ant-select-item-option-content' }),
    );
    expect(await screen.findByTestId('dynamic-pair-problem')).toHaveTextContent(
      '请选择两个不同的批次进行对比',
    );
    expect(requestsTo(requests, DYNAMIC)).toHaveLength(1);
    expect(changes()).toBeUndefined();
  });

  it('exports the analysis to Excel under the name the server gives', async () => {
    const requests = stubServer(routes());
    renderDynamic();
    await screen.findByTestId('dynamic-total');
    await userEvent.click(screen.getByTestId('dynamic-export'));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('pvland_dynamic_2025Q2_2025Q3.xlsx');
    expect(await blob.text()).toBe('PK workbook');
    expect(queryOf(requestsTo(requests, `${DYNAMIC}/export/excel`)[0])).toEqual({
      from: '2025Q2',
      to: '2025Q3',
    });
  });

  it('offers a retry when the analysis fails', async () => {
    let fail = true;
    stubServer(
      routes({
        dynamic: () =>
          fail ? envelope(null, { code: 500, status: 500, message: '服务异常' }) : envelope(HUBEI),
      }),
    );
    renderDynamic();
    const failure = await screen.findByTestId('dynamic-error');
    fail = false;
    await userEvent.click(within(failure).getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('dynamic-total')).toHaveTextContent('湖北省');
  });

  it('says so when no theme has two batches to compare', async () => {
    stubServer(routes({ pvBatches: [Q3] }));
    renderDynamic();
    expect(await screen.findByTestId('dynamic-no-themes')).toHaveTextContent(
      '暂无可对比的监测专题',
    );
  });
});
