import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvents } from '../../components/map/engine';
import type { MapScene } from '../../components/map/scene';
import type { MapLayer, MapViewState } from '../../components/map/types';
import { NO_RANGE_MESSAGE } from '../../lib/monitoringRule';
import { useSession } from '../../lib/session';
import { saveFile } from '../../lib/saveFile';
import { regions } from '../../test/regions';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { regionRange, testUser } from '../../test/session';
import type { GridStatistics } from './api/types';
import type { SpotDetail, SpotSummary, Statistics, ThemeInfo, Trend } from './api/types';
import MonitorPage from './MonitorPage';
import type { TrendChartsProps } from './TrendCharts';

// The real map engine needs WebGL, which jsdom lacks: a stand-in keeps the scenes it is shown.
const engines: { shown: MapScene[]; events: EngineEvents; fitted: unknown[]; jumped: unknown[] }[] =
  [];
vi.mock('../../components/map/engine', () => ({
  MapEngine: class {
    record: (typeof engines)[number];
    constructor(_: HTMLElement, scene: MapScene, { events }: { events: EngineEvents }) {
      this.record = { shown: [scene], events, fitted: [], jumped: [] };
      engines.push(this.record);
    }
    show(scene: MapScene) {
      this.record.shown.push(scene);
    }
    destroy() {}
    fitBounds(bbox: unknown) {
      this.record.fitted.push(bbox);
    }
    jumpTo(view: unknown) {
      this.record.jumped.push(view);
    }
    view() {
      return null;
    }
  },
}));
vi.mock('../../lib/saveFile', () => ({ saveFile: vi.fn() }));
// ECharts draws on a canvas jsdom lacks: a stand-in shows what each chart was given and lets a
// batch be clicked by its name.
vi.mock('./TrendCharts', () => ({
  default: ({ line, bars, batchNames, onBatch }: TrendChartsProps) => (
    <div
      data-testid="trend-charts-stub"
      data-line={JSON.stringify(line.series.map((series) => series.data))}
      data-bars={JSON.stringify(
        (bars.series as { name: string; data: number[] }[]).map((series) => [
          series.name,
          series.data,
        ]),
      )}
    >
      {batchNames.map((name, index) => (
        <button key={name} onClick={() => onBatch(index)}>
          {name}
        </button>
      ))}
    </div>
  ),
}));

beforeEach(() => {
  engines.length = 0;
  vi.stubGlobal('WebGL2RenderingContext', class {});
  useSession.setState({
    token: 'session-token',
    userInfo: testUser(['MOD_059']),
    areaRange: [regionRange('420000')],
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
  useSession.getState().clear();
});

const WINDMILL: ThemeInfo = {
  name: 'windmill',
  title: '风电设施监测',
  layer: 'windmill_meta',
  stageDict: 'SPOT_META_STAGE_V2',
  typeDict: null,
  attrs: [
    { key: 'name', label: '名称' },
    { key: 'capacityMw', label: '装机容量（MW）' },
    { key: 'turbines', label: '风机数量' },
  ],
  ramp: 'green',
  modes: ['statistics', 'detail', 'grid', 'sequence', 'trend'],
  gridLevel: 13,
  zonesLayer: 'windmill_zones',
};

const BATCH = { id: '2025Q2', typeName: '2025年第二季度' };

/** The theme's batches, newest first: seven quarters, 2023Q4 to 2025Q2. */
const BATCHES = [
  BATCH,
  { id: '2025Q1', typeName: '2025年第一季度' },
  { id: '2024Q4', typeName: '2024年第四季度' },
  { id: '2024Q3', typeName: '2024年第三季度' },
  { id: '2024Q2', typeName: '2024年第二季度' },
  { id: '2024Q1', typeName: '2024年第一季度' },
  { id: '2023Q4', typeName: '2023年第四季度' },
];

const tally = (count: number, areaM2: number) => ({ count, areaM2 });

const HUBEI: Statistics = {
  batch: BATCH,
  regionId: '420000',
  name: '湖北省',
  total: tally(12, 120_000),
  regions: [
    { regionId: '420100', name: '武汉市', hasChildren: true, ...tally(10, 100_000) },
    { regionId: '420500', name: '宜昌市', hasChildren: true, ...tally(2, 20_000) },
    { regionId: '429004', name: '仙桃市', hasChildren: false, ...tally(0, 0) },
  ],
  byType: [],
  byStage: [{ value: '2', label: '第二季度', ...tally(12, 120_000) }],
  byChange: [
    { value: '0', label: '不变', ...tally(4, 40_000) },
    { value: '1', label: '扩张', ...tally(8, 80_000) },
  ],
};

const WUHAN: Statistics = {
  ...HUBEI,
  regionId: '420100',
  name: '武汉市',
  total: tally(10, 100_000),
  regions: [
    { regionId: '420111', name: '洪山区', hasChildren: false, ...tally(10, 100_000) },
    { regionId: '420102', name: '江岸区', hasChildren: false, ...tally(0, 0) },
  ],
};

const GRID: GridStatistics = {
  level: 13,
  batch: BATCH,
  regionId: '420000',
  name: '湖北省',
  total: tally(12, 120_000),
  max: { count: 8, areaM2: 90_000, percent: 40 },
  cells: [
    { x: 6696, y: 3364, count: 4, areaM2: 30_000, percent: 40 },
    { x: 6697, y: 3364, count: 8, areaM2: 90_000, percent: 12.5 },
  ],
};

/** Oldest first; 2025Q1 has no spots in 湖北. */
const TREND: Trend = {
  regionId: '420000',
  name: '湖北省',
  batches: [...BATCHES].reverse().map((batch) => ({
    batch,
    total: batch.id === '2025Q1' ? tally(0, 0) : tally(12, 120_000),
    byType: [],
    byChange:
      batch.id === '2025Q1'
        ? []
        : [
            { value: '0', label: '不变', ...tally(4, 40_000) },
            { value: '1', label: '扩张', ...tally(8, 80_000) },
          ],
  })),
};

const spot = (id: number): SpotSummary => ({
  id,
  batch: '2025Q2',
  batchName: '2025年第二季度',
  stage: '2',
  stageLabel: '第二季度',
  tblx: null,
  tblxLabel: null,
  xzqdm: '420111',
  regionName: '湖北省武汉市洪山区',
  fileName: 'HB_WIND_2025Q2.shp',
  areaM2: 6666.67,
  change: 1,
  changeLabel: '扩张',
  bbox: [114.3, 30.5, 114.31, 30.51],
  attrs: { name: '九峰山风电场', capacityMw: 49.5, turbines: 22 },
  demo: true,
});

const DETAIL_OF_1: SpotDetail = {
  ...spot(1),
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [114.3, 30.5],
          [114.31, 30.5],
          [114.31, 30.51],
          [114.3, 30.5],
        ],
      ],
    ],
  },
  beforeImage: '/api/spot/v2/windmill/spot/1/image/before',
  afterImage: '/api/spot/v2/windmill/spot/1/image/after',
  source: 'Global Energy Monitor, CC BY 4.0',
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SPOT = '/api/spot/v2/windmill';

const workbook = (name: string) => () =>
  new Response('PK workbook', {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

function routes(
  answers: { excel?: () => Response; grid?: () => Response; theme?: ThemeInfo } = {},
) {
  const { country, hubei, wuhan } = regions;
  const dict = (items: [string, string][]) => () =>
    envelope(items.map(([value, label]) => ({ value, label })));
  return {
    'GET /api/spot/v2/themes': () => envelope([answers.theme ?? WINDMILL]),
    [`GET ${SPOT}/batch`]: () => envelope(BATCHES),
    [`GET ${SPOT}/gridstatistics/percent`]: answers.grid ?? (() => envelope(GRID)),
    [`GET ${SPOT}/trend`]: () => envelope(TREND),
    [`GET ${SPOT}/trend/export/excel`]: workbook('windmill_trend.xlsx'),
    [`GET ${SPOT}/spotstatistics`]: (request: Request) =>
      envelope(new URL(request.url).searchParams.get('xzqdm') === '420100' ? WUHAN : HUBEI),
    [`GET ${SPOT}/spotmeta`]: (request: Request) => {
      const query = new URL(request.url).searchParams;
      return envelope({
        total: 45,
        pageNum: Number(query.get('pageNum')),
        pageSize: Number(query.get('pageSize')),
        list: [spot(1), spot(2)],
      });
    },
    [`GET ${SPOT}/spot/1`]: () => envelope(DETAIL_OF_1),
    [`GET ${SPOT}/spot/1/image/before`]: () =>
      new Response(PNG, { headers: { 'Content-Type': 'image/png' } }),
    [`GET ${SPOT}/spot/1/image/after`]: () =>
      new Response(PNG, { headers: { 'Content-Type': 'image/png' } }),
    [`GET ${SPOT}/export/excel`]: answers.excel ?? workbook('windmill_2025Q2.xlsx'),
    'GET /api/dict/SPOT_META_STAGE_V2': dict([
      ['1', '第一季度'],
      ['2', '第二季度'],
    ]),
    'GET /api/dict/STEELPLANT_META_STAGE': dict([
      ['0', '不变'],
      ['1', '扩张'],
      ['2', '拆除'],
      ['3', '部分拆除'],
    ]),
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

function renderMonitor(path = '/monitor/windmill') {
  return renderPage(<MonitorPage path={path} title="风电设施监测" trail={['应用监测']} />, path);
}

/** The page layer of this id the map was last shown. */
function shownLayer(id: string): MapLayer | undefined {
  return engines
    .at(-1)
    ?.shown.at(-1)
    ?.overlays.find((layer) => layer.id === id);
}

const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://x').searchParams);

async function toMode(label: string) {
  await userEvent.click(await screen.findByRole('tab', { name: label }));
}

/** The viewparams of a vector layer's tiles, as the server reads them. */
function viewParams(layer: MapLayer | undefined): string | null {
  if (layer?.kind !== 'vector') return null;
  return new URL(layer.tiles[0]!.replace(/[{}]/g, '')).searchParams.get('viewparams');
}

async function toDetail() {
  await userEvent.click(await screen.findByRole('tab', { name: '详情' }));
  return screen.findByTestId('detail-panel');
}

describe('监测专题 (/monitor/<theme>)', () => {
  it('shows the statistics of the latest batch: totals, regions, breakdowns', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    expect(await screen.findByTestId('statistics-total')).toHaveTextContent(
      '2025年第二季度，湖北省共 12 个图斑',
    );
    const table = screen.getByTestId('statistics-table');
    expect(within(table).getByText('武汉市')).toBeInTheDocument();
    // 武汉市's share of the count, and its area in 亩.
    expect(within(table).getByText('83.3%')).toBeInTheDocument();
    expect(within(table).getByText('150 亩')).toBeInTheDocument();
    expect(screen.getByTestId('by-change')).toHaveTextContent('扩张');
    expect(screen.getByTestId('batch-select')).toHaveTextContent('2025年第二季度');
    // The latest batch is the server's default: the first statistics name none.
    expect(queryOf(requestsTo(requests, `${SPOT}/spotstatistics`)[0])).toEqual({});
  });

  it('colours the regions by their spots with the ten-class legend, and by area when asked', async () => {
    stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await waitFor(() =>
      expect(shownLayer('choropleth')?.paint.fillColor).toEqual([
        'match',
        ['get', 'code'],
        '420100',
        '#1c7b31',
        '420500',
        expect.stringMatching(/^#/),
        '#cccccc',
      ]),
    );
    // The region counted is outlined over its regions' colours, not tinted.
    await waitFor(() =>
      expect(shownLayer('region-outline')?.paint).not.toHaveProperty('fillColor'),
    );
    expect(shownLayer('_highlight')).toBeUndefined();
    const legend = await screen.findByTestId('choropleth-legend');
    expect(within(legend).getAllByTestId('legend-class')).toHaveLength(10);
    expect(legend).toHaveTextContent('0 – 1');
    expect(legend).toHaveTextContent('无数据');
    await userEvent.click(within(screen.getByTestId('measure-toggle')).getByText('按面积'));
    expect(
      await screen.findByText('面积（亩）', { selector: '.class-legend__title' }),
    ).toBeInTheDocument();
  });

  it('drills into a region by its row or on the map, and back up by the breadcrumb', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await userEvent.click(
      await screen.findByText('武汉市', { selector: '[data-testid=region-row]' }),
    );
    expect(await screen.findByText('洪山区')).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, `${SPOT}/spotstatistics`).at(-1))).toEqual({
      xzqdm: '420100',
    });
    const crumbs = screen.getByTestId('drill-crumbs');
    await waitFor(() => expect(crumbs).toHaveTextContent('湖北省/武汉市'));
    // Zoomed to 武汉市, close enough for the region tiles to carry its counties.
    await waitFor(() =>
      expect(engines.at(-1)?.shown.at(-1)).toMatchObject({
        extent: regions.wuhan.bbox,
        extentMinZoom: 8,
      }),
    );
    await userEvent.click(within(crumbs).getByText('湖北省'));
    expect(await screen.findByText('宜昌市')).toBeInTheDocument();

    // A region clicked on the map drills too; a region with nothing below does not.
    act(() => engines.at(-1)?.events.click({ layer: 'choropleth', id: '429004' }));
    act(() => engines.at(-1)?.events.click({ layer: 'choropleth', id: '420100' }));
    expect(await screen.findByText('洪山区')).toBeInTheDocument();
  });

  it('switches to detail with 全部 checked and lists the spots 20 a page', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    const panel = await toDetail();
    expect(await within(panel).findAllByTestId('spot-row')).toHaveLength(2);
    expect(screen.getByTestId('legend-item-all')).toBeChecked();
    expect(queryOf(requestsTo(requests, `${SPOT}/spotmeta`)[0])).toEqual({
      termChoose: 'all',
      pageNum: '1',
      pageSize: '20',
    });
    expect(panel).toHaveTextContent('共 45 个');
    // The theme's spot tiles are on the map.
    expect(shownLayer('spots')).toMatchObject({ kind: 'vector', sourceLayer: 'windmill_meta' });
  });

  it('filters by the legend: a value checked unchecks 全部; nothing checked lists nothing', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    const panel = await toDetail();
    await userEvent.click(await screen.findByTestId('legend-item-1'));
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, `${SPOT}/spotmeta`).at(-1))).toMatchObject({
        termChoose: 'change',
        termData: '1',
      }),
    );
    await userEvent.click(screen.getByTestId('legend-item-1'));
    expect(await within(panel).findByText('请在图例中勾选要显示的图斑')).toBeInTheDocument();
    expect(shownLayer('spots')).toBeUndefined();
  });

  it('opens a spot: its facts, own attributes, source, both pictures, zoomed to', async () => {
    stubServer(routes());
    renderMonitor();
    const panel = await toDetail();
    await userEvent.click((await within(panel).findAllByTestId('spot-row'))[0]!);
    const drawer = await screen.findByTestId('spot-drawer');
    expect(await within(drawer).findByTestId('spot-attr-capacityMw')).toHaveTextContent('49.5');
    expect(drawer).toHaveTextContent('装机容量（MW）');
    expect(drawer).toHaveTextContent('风机数量');
    expect(within(drawer).getByTestId('spot-region')).toHaveTextContent('湖北省武汉市洪山区');
    expect(within(drawer).getByTestId('spot-source')).toHaveTextContent('Global Energy Monitor');
    expect(await within(drawer).findByTestId('picture-before')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(await within(drawer).findByTestId('picture-after')).toBeInTheDocument();
    expect(within(drawer).getByRole('slider')).toHaveAttribute('aria-valuenow', '50');
    expect(engines.at(-1)?.fitted).toContainEqual([114.3, 30.5, 114.31, 30.51]);
    await waitFor(() => expect(shownLayer('spot-opened')).toBeDefined());
  });

  it('opens a spot clicked on the map', async () => {
    stubServer(routes());
    renderMonitor();
    await toDetail();
    act(() => engines.at(-1)?.events.click({ layer: 'spots', id: '1' }));
    const drawer = await screen.findByTestId('spot-drawer');
    expect(await within(drawer).findByTestId('spot-attr-turbines')).toHaveTextContent('22');
    await waitFor(() =>
      expect(engines.at(-1)?.fitted).toContainEqual([114.3, 30.5, 114.31, 30.51]),
    );
  });

  it('exports the filtered spots to Excel under the name the server gives', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    const panel = await toDetail();
    await within(panel).findAllByTestId('spot-row');
    await userEvent.click(screen.getByTestId('export-excel'));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('windmill_2025Q2.xlsx');
    expect(await blob.text()).toBe('PK workbook');
    expect(queryOf(requestsTo(requests, `${SPOT}/export/excel`)[0])).toEqual({ termChoose: 'all' });
  });

  it("shows the server's refusal of an export", async () => {
    stubServer(
      routes({
        excel: () =>
          envelope(null, {
            code: 400,
            status: 400,
            message: '图斑超过 50000 个，请缩小范围后导出',
          }),
      }),
    );
    renderMonitor();
    const panel = await toDetail();
    await within(panel).findAllByTestId('spot-row');
    await userEvent.click(screen.getByTestId('export-excel'));
    expect(await screen.findByText('图斑超过 50000 个，请缩小范围后导出')).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('refuses detail to a user whose ranges are gone, with the reason', async () => {
    stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    act(() => {
      useSession.setState({ areaRange: [] });
    });
    await userEvent.click(screen.getByRole('tab', { name: '详情' }));
    expect(await screen.findByText(NO_RANGE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByTestId('detail-panel')).not.toBeInTheDocument();
  });

  it('清空 puts the filters back to their defaults and keeps the mode', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await toDetail();
    await userEvent.click(await screen.findByTestId('legend-item-1'));
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, `${SPOT}/spotmeta`).at(-1))).toMatchObject({
        termData: '1',
      }),
    );
    await userEvent.click(screen.getByTestId('monitor-clear'));
    expect(screen.getByTestId('legend-item-all')).toBeChecked();
    expect(screen.getByTestId('detail-panel')).toBeInTheDocument();
  });

  it("draws the wind bases' zones of the batch under its spots when asked, in detail and sequence", async () => {
    stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    expect(screen.queryByTestId('zones-toggle')).not.toBeInTheDocument();
    await toDetail();
    expect(shownLayer('zones')).toBeUndefined();
    await userEvent.click(screen.getByTestId('zones-toggle'));
    await waitFor(() =>
      expect(shownLayer('zones')).toMatchObject({ kind: 'vector', sourceLayer: 'windmill_zones' }),
    );
    const overlays =
      engines
        .at(-1)
        ?.shown.at(-1)
        ?.overlays.map((layer) => layer.id) ?? [];
    expect(overlays.indexOf('zones')).toBeLessThan(overlays.indexOf('spots'));
    expect(viewParams(shownLayer('zones'))).toBe(viewParams(shownLayer('spots')));
    // The five maps of SEQUENCE each draw their own batch's zones.
    await toMode('序列');
    expect(screen.getByTestId('zones-toggle')).toBeChecked();
    const small = () => engines.slice(-5);
    await waitFor(() =>
      expect(
        small().map((engine) =>
          viewParams(engine.shown.at(-1)?.overlays.find((layer) => layer.id === 'zones')),
        ),
      ).toEqual(['2024Q2', '2024Q3', '2024Q4', '2025Q1', '2025Q2'].map((id) => `batch:${id}`)),
    );
  });

  it('offers no zones to a theme without bases', async () => {
    stubServer(routes({ theme: { ...WINDMILL, zonesLayer: null } }));
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toDetail();
    expect(screen.queryByTestId('zones-toggle')).not.toBeInTheDocument();
  });

  it('offers only the modes the theme names: 统计 and 详情 for one without the others', async () => {
    stubServer(routes({ theme: { ...WINDMILL, modes: ['statistics', 'detail'] } }));
    renderMonitor();
    await screen.findByTestId('statistics-table');
    const tabs = within(screen.getByTestId('mode-tabs')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['统计', '详情']);
  });

  it('offers 统计, 详情, 网格, 序列 and 趋势 to a theme that names them all', async () => {
    stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    const tabs = within(screen.getByTestId('mode-tabs')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['统计', '详情', '网格', '序列', '趋势']);
  });

  it("GRID: asks for the cells at the theme's level with every spot, and colours their tiles", async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('网格');
    expect(await screen.findByTestId('grid-total')).toHaveTextContent('湖北省共 12 个图斑');
    expect(queryOf(requestsTo(requests, `${SPOT}/gridstatistics/percent`)[0])).toEqual({
      termChoose: 'all',
      level: '13',
    });
    expect(screen.getByTestId('grid-panel')).toHaveAttribute('data-level', '13');
    // The cells' tiles of the answer's batch and region at its level.
    await waitFor(() =>
      expect(viewParams(shownLayer('grid-cells'))).toBe(
        'theme:windmill;level:13;batch:2025Q2;xzqdm:420000',
      ),
    );
    expect(shownLayer('grid-cells')).toMatchObject({ sourceLayer: 'grid_statistics_default' });
    const legend = screen.getByTestId('choropleth-legend');
    expect(within(legend).getAllByTestId('legend-class')).toHaveLength(10);
    // The densest first.
    const rows = within(screen.getByTestId('grid-densest')).getAllByTestId('grid-cell-row');
    expect(rows[0]).toHaveTextContent('6697, 3364');
  });

  it('GRID: keeps the level chosen, colours by cover when asked, and flies to a cell clicked', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('网格');
    await screen.findByTestId('grid-total');
    await userEvent.click(within(screen.getByTestId('grid-measure')).getByText('按覆盖率'));
    const rows = within(screen.getByTestId('grid-densest')).getAllByTestId('grid-cell-row');
    expect(rows[0]).toHaveTextContent('6696, 3364');
    expect(await screen.findByText('覆盖率（%）')).toBeInTheDocument();
    await userEvent.click(rows[0]!);
    const [west, , east] = engines.at(-1)!.fitted.at(-1) as number[];
    expect(west).toBeLessThan(114.3);
    expect(east).toBeGreaterThan(114.3);

    await userEvent.click(screen.getByRole('combobox', { name: '网格级别' }));
    await userEvent.click(await screen.findByTitle('11 级网格'));
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, `${SPOT}/gridstatistics/percent`).at(-1))).toMatchObject({
        level: '11',
      }),
    );
    // Zooming the map leaves the level alone.
    act(() =>
      engines.at(-1)?.events.view({
        center: [114.3, 30.6],
        zoom: 15,
        bounds: [114.2, 30.5, 114.4, 30.7],
        projection: 'mercator',
      }),
    );
    expect(screen.getByTestId('grid-panel')).toHaveAttribute('data-level', '11');
  });

  it('GRID: shows the failure and 重试 when the cells cannot be counted', async () => {
    stubServer(
      routes({ grid: () => envelope(null, { code: 500, status: 500, message: '服务异常' }) }),
    );
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('网格');
    expect(await screen.findByTestId('grid-error')).toHaveTextContent('网格统计加载失败');
  });

  it('SEQUENCE: five maps of the latest five batches, each with its spots, moving together', async () => {
    stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('序列');
    const maps = await screen.findAllByTestId('sequence-map');
    expect(maps).toHaveLength(5);
    expect(screen.getAllByTestId('sequence-batch').map((name) => name.textContent)).toEqual([
      '2024年第二季度',
      '2024年第三季度',
      '2024年第四季度',
      '2025年第一季度',
      '2025年第二季度',
    ]);
    // The five maps made last, left to right.
    const small = () => engines.slice(-5);
    await waitFor(() =>
      expect(
        small().map((engine) =>
          viewParams(engine.shown.at(-1)?.overlays.find((layer) => layer.id === 'spots')),
        ),
      ).toEqual(['2024Q2', '2024Q3', '2024Q4', '2025Q1', '2025Q2'].map((id) => `batch:${id}`)),
    );
    // One map moved: the other four follow.
    const view: MapViewState = {
      center: [114.3, 30.6],
      zoom: 9,
      bounds: [113.8, 30.2, 114.8, 31],
      projection: 'mercator',
    };
    act(() => small()[1]!.events.view(view));
    expect(small().map((engine) => engine.jumped)).toEqual(
      [1, 0, 1, 1, 1].map((moved) => (moved ? [{ center: [114.3, 30.6], zoom: 9 }] : [])),
    );
  });

  it('SEQUENCE: counts each batch below the maps (an empty batch a zero), and pages to earlier ones', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('序列');
    const table = await screen.findByTestId('sequence-table');
    await waitFor(() => expect(within(table).getAllByTestId('batch-row')).toHaveLength(5));
    const empty = within(table)
      .getAllByTestId('batch-row')
      .find((row) => row.getAttribute('data-batch') === '2025Q1');
    await waitFor(() => expect(empty).toHaveTextContent(/2025年第一季度\s*0\s*0 m²/));
    expect(queryOf(requestsTo(requests, `${SPOT}/trend`)[0])).toEqual({ termChoose: 'all' });

    await userEvent.click(screen.getByTestId('sequence-earlier'));
    await waitFor(() =>
      expect(screen.getAllByTestId('sequence-batch').map((name) => name.textContent)).toEqual([
        '2023年第四季度',
        '2024年第一季度',
      ]),
    );
    expect(screen.getByTestId('sequence-earlier')).toBeDisabled();
  });

  it('refuses SEQUENCE to a user whose ranges are gone, with the reason', async () => {
    stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    act(() => {
      useSession.setState({ areaRange: [] });
    });
    await toMode('序列');
    expect(await screen.findByText(NO_RANGE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByTestId('sequence-view')).not.toBeInTheDocument();
  });

  it('TREND: charts and a table of every batch (an empty one a zero), stacked by change', async () => {
    stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('趋势');
    const charts = await screen.findByTestId('trend-charts-stub');
    // Count and area (亩) per batch, oldest first.
    expect(JSON.parse(charts.getAttribute('data-line')!)).toEqual([
      [12, 12, 12, 12, 12, 0, 12],
      [180, 180, 180, 180, 180, 0, 180],
    ]);
    expect(JSON.parse(charts.getAttribute('data-bars')!)).toEqual([
      ['不变', [4, 4, 4, 4, 4, 0, 4]],
      ['扩张', [8, 8, 8, 8, 8, 0, 8]],
    ]);
    const rows = within(screen.getByTestId('trend-table')).getAllByTestId('batch-row');
    expect(rows).toHaveLength(7);
    expect(rows[5]).toHaveTextContent('2025年第一季度');
    expect(rows[5]).toHaveTextContent('0 m²');
  });

  it('TREND: a batch clicked on the chart or in the table opens DETAIL of that batch', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('趋势');
    await userEvent.click(
      within(await screen.findByTestId('trend-charts-stub')).getByText('2024年第三季度'),
    );
    expect(await screen.findByTestId('detail-panel')).toBeInTheDocument();
    expect(screen.getByTestId('batch-select')).toHaveTextContent('2024年第三季度');
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, `${SPOT}/spotmeta`).at(-1))).toMatchObject({
        batch: '2024Q3',
        termChoose: 'all',
      }),
    );
    await waitFor(() => expect(viewParams(shownLayer('spots'))).toBe('batch:2024Q3'));

    await toMode('趋势');
    const rows = within(await screen.findByTestId('trend-table')).getAllByTestId('batch-row');
    await userEvent.click(rows[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('batch-select')).toHaveTextContent('2023年第四季度'),
    );
  });

  it('TREND: exports the numbers to Excel with the filters', async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('趋势');
    await screen.findAllByTestId('batch-row');
    await userEvent.click(screen.getByTestId('export-trend'));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('windmill_trend.xlsx');
    expect(queryOf(requestsTo(requests, `${SPOT}/trend/export/excel`)[0])).toEqual({
      termChoose: 'all',
    });
  });

  it("清空 in GRID puts the level back to the theme's", async () => {
    const requests = stubServer(routes());
    renderMonitor();
    await screen.findByTestId('statistics-table');
    await toMode('网格');
    await screen.findByTestId('grid-total');
    await userEvent.click(screen.getByRole('combobox', { name: '网格级别' }));
    await userEvent.click(await screen.findByTitle('12 级网格'));
    await waitFor(() =>
      expect(screen.getByTestId('grid-panel')).toHaveAttribute('data-level', '12'),
    );
    await userEvent.click(screen.getByTestId('monitor-clear'));
    expect(screen.getByTestId('grid-panel')).toHaveAttribute('data-level', '13');
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, `${SPOT}/gridstatistics/percent`).at(-1))).toMatchObject({
        level: '13',
      }),
    );
  });

  it('refuses a theme the server does not offer the user', async () => {
    stubServer(routes());
    renderMonitor('/monitor/steelplant');
    expect(await screen.findByTestId('access-refused')).toHaveTextContent(
      '无查看信息权限，请联系管理员',
    );
  });
});
