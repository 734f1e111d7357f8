import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapScene } from '../../components/map/scene';
import type { MapLayer } from '../../components/map/types';
import { saveFile } from '../../lib/saveFile';
import { regions } from '../../test/regions';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import type { CoverageStatistics as Answer, RegionCoverage } from './api/getCoverage';
import StatisticsPage from './StatisticsPage';

// The real map engine needs WebGL, which jsdom lacks: a stand-in keeps the scenes it is shown.
const shown: MapScene[] = [];
vi.mock('../../components/map/engine', () => ({
  MapEngine: class {
    constructor(_: HTMLElement, scene: MapScene) {
      shown.push(scene);
    }
    show(scene: MapScene) {
      shown.push(scene);
    }
    destroy() {}
    fitBounds() {}
    view() {
      return null;
    }
  },
}));
vi.mock('../../lib/saveFile', () => ({ saveFile: vi.fn() }));
// ECharts draws on a canvas jsdom lacks: a stand-in shows the quarters' shares it was given.
vi.mock('./CoverageTrend', () => ({
  default: ({ ratios }: { ratios: (number | null)[] }) => (
    <div data-testid="coverage-trend-stub">{JSON.stringify(ratios)}</div>
  ),
}));

beforeEach(() => {
  shown.length = 0;
  vi.stubGlobal('WebGL2RenderingContext', class {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

const row = (
  regionId: string,
  name: string,
  ratio: number,
  hasChildren = true,
): RegionCoverage => ({
  regionId,
  name,
  hasChildren,
  areaKm2: 1000,
  coveredKm2: 1000 * ratio,
  ratio,
});

function answer(region: RegionCoverage, children: RegionCoverage[], quarter = 0): Answer {
  return { year: 2026, quarter, resolution: 0, cloud: 100, scenes: 1234, region, children };
}

const COUNTRY = '/api/coverage/v1/statistics/2026/0/100000';
const HUBEI = '/api/coverage/v1/statistics/2026/0/420000';

function server() {
  const country = row('100000', '中华人民共和国', 0.5);
  const hubei = row('420000', '湖北省', 0.873);
  const routes: Record<string, () => Response> = {
    'GET /api/dict/COVERAGE_YEAR': () =>
      envelope([
        { value: '2025', label: '2025年', sort: 1 },
        { value: '2026', label: '2026年', sort: 2 },
      ]),
    [`GET ${COUNTRY}`]: () => envelope(answer(country, [row('110000', '北京市', 0.2), hubei])),
    [`GET ${HUBEI}`]: () =>
      envelope(answer(hubei, [row('420100', '武汉市', 0.95), row('429004', '仙桃市', 0, false)])),
    'GET /api/region/v2/id/420000': () => envelope(regions.hubei),
    'GET /api/region/v2/pids/420000/s': () => envelope({ type: 'FeatureCollection', features: [] }),
  };
  for (const q of [1, 2, 3, 4]) {
    for (const [code, region] of [
      ['100000', country],
      ['420000', hubei],
    ] as const) {
      routes[`GET /api/coverage/v1/statistics/2026/${q}/${code}`] = () =>
        envelope(answer({ ...region, ratio: q / 10 }, [], q));
    }
  }
  return stubServer(routes);
}

/** The summary line once it says `text` (it says 正在统计… until the answer arrives). */
async function summary(text: string) {
  await waitFor(() => expect(screen.getByTestId('coverage-summary')).toHaveTextContent(text));
}

function choropleth(): MapLayer | undefined {
  return shown.at(-1)?.overlays.find((layer) => layer.id === 'coverage-regions');
}

const props = {
  path: '/statistics/coverage-statics',
  title: '覆盖统计',
  trail: ['统计分析', '覆盖统计'],
};

describe('the coverage statistics page', () => {
  it('shows the country by province for the newest year, as a table, a choropleth and a trend', async () => {
    const requests = server();
    renderPage(<StatisticsPage {...props} />);
    await summary('中华人民共和国覆盖率 50.0%');
    const table = screen.getByTestId('coverage-table');
    // Sorted by share, highest first.
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    expect(names[0]).toContain('湖北省');
    expect(names[0]).toContain('87.3%');
    expect(names[1]).toContain('北京市');
    expect(requestsTo(requests, COUNTRY)).toHaveLength(1);
    // Each province is coloured by its share's class of ten (87.3 % is the ninth).
    await waitFor(() => expect(choropleth()).toBeDefined());
    const layer = choropleth();
    expect(layer?.kind === 'vector' && layer.filter).toEqual([
      'in',
      ['get', 'code'],
      ['literal', ['110000', '420000']],
    ]);
    const fill = choropleth()?.paint.fillColor as unknown[];
    expect(fill.slice(0, 2)).toEqual(['match', ['get', 'code']]);
    expect(fill).toContain('420000');
    expect(await screen.findByTestId('coverage-trend-stub')).toHaveTextContent('[0.1,0.2,0.3,0.4]');
  });

  it('drills into a province from its row, back from the path, and exports what it shows', async () => {
    const requests = server();
    renderPage(<StatisticsPage {...props} />);
    const table = await screen.findByTestId('coverage-table');
    await userEvent.click(await within(table).findByRole('button', { name: '湖北省' }));
    await summary('湖北省覆盖率 87.3%');
    expect(requestsTo(requests, HUBEI)).toHaveLength(1);
    // A county-level city has no regions below it: not a link.
    expect(within(table).queryByRole('button', { name: '仙桃市' })).not.toBeInTheDocument();
    expect(within(table).getByText('仙桃市')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('coverage-export'));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('覆盖统计_湖北省_2026年全年.csv');
    const text = await blob.text();
    expect(text).toContain('420100,武汉市,1000,950,95');

    await userEvent.click(within(screen.getByTestId('coverage-path')).getByText('全国'));
    await summary('中华人民共和国');
  });

  it('says when the statistics failed and counts again on 重试', async () => {
    let fail = true;
    stubServer({
      'GET /api/dict/COVERAGE_YEAR': () => envelope([{ value: '2026', label: '2026年', sort: 1 }]),
      [`GET ${COUNTRY}`]: () =>
        fail
          ? envelope(null, { code: 503, status: 503, message: '服务器繁忙' })
          : envelope(answer(row('100000', '中华人民共和国', 0.5), [])),
    });
    renderPage(<StatisticsPage {...props} />);
    const failed = await screen.findByTestId('coverage-failed');
    fail = false;
    await userEvent.click(within(failed).getByRole('button'));
    await summary('50.0%');
    expect(screen.getByText('没有下级行政区')).toBeInTheDocument();
  });
});
