import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routeAt } from '../../app/routes';
import { renderPage } from '../../test/renderPage';
import { envelope, stubServer } from '../../test/server';
import type { Satellite } from './analysis';
import SatellitePage from './SatellitePage';

afterEach(() => vi.unstubAllGlobals());

const satellite = (value: string, label: string, group: string): Satellite => ({
  index: 1,
  label,
  value,
  checked: true,
  properties: 1,
  resolution: 2,
  type: 1,
  group,
  country: '中国',
  launchDate: '2013-04-26',
  operator: null,
});

const catalogue = () =>
  envelope({
    satellites: [
      satellite('GF1', '高分一号', 'chinese/gf1'),
      satellite('GF2', '高分二号', 'chinese/gf2'),
      satellite('S2A', '哨兵2A', 'global/optical/sentinel2'),
    ],
    sensors: {
      GF1: [{ id: 'PMS1', name: '全色多光谱相机1', type: 1, resolutionM: 2, multispectralM: 8 }],
    },
  });

function show(path: string) {
  const route = routeAt(path);
  return renderPage(<SatellitePage path={path} title={route.title} trail={route.trail} />, path);
}

describe('a satellite page', () => {
  it("shows its group's satellites with facts, scene count, query link and quick-looks", async () => {
    stubServer({
      'GET /api/normal/v5/satellite': catalogue,
      'GET /api/satellite/statistics': () =>
        envelope({
          from: '2026-11',
          to: '2026-11',
          satellites: [{ satellite: 'GF1', scenes: 42 }],
          months: [],
        }),
      'GET /api/satellite/image/now/GF1': () =>
        envelope({
          satellite: 'GF1',
          list: [
            {
              id: 'GF1_A',
              sensor: 'PMS1',
              acquiredAt: '2026-11-26T02:16:22Z',
              cloud: 5,
              quicklook: '/api/normal/v5/quicklook/GF1_A',
            },
          ],
        }),
    });
    show('/satellite/chinese/gf1');
    const card = await screen.findByTestId('satellite-GF1');
    expect(within(card).getByRole('heading', { level: 2, name: '高分一号' })).toBeInTheDocument();
    expect(screen.queryByTestId('satellite-GF2')).not.toBeInTheDocument();
    expect(within(card).getByText('运营机构').nextSibling).toHaveTextContent('未公开');
    expect(within(card).getByRole('table', { name: '高分一号的传感器与分辨率' })).toHaveTextContent(
      '8 米',
    );
    expect(await within(card).findByText('42')).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: '在影像查询中检索高分一号影像' }),
    ).toHaveAttribute('href', '/normal?sat=GF1');
    expect(
      await within(card).findByRole('img', { name: '高分一号 PMS1 2026-11-26 10:16 快视图' }),
    ).toHaveAttribute('src', '/api/normal/v5/quicklook/GF1_A');
    // No description written yet (404): nothing shown for it.
    expect(screen.queryByTestId('page-text')).not.toBeInTheDocument();
  });

  it('maps a hyphenated address to its catalogue group and shows its description', async () => {
    stubServer({
      'GET /api/normal/v5/satellite': catalogue,
      'GET /api/satellite/statistics': () =>
        envelope({ from: '2026-11', to: '2026-11', satellites: [], months: [] }),
      'GET /api/page/v1/page/satellite%2Fglobal%2Foptical%2Fsentinel2': () =>
        envelope({
          slug: 'satellite/global/optical/sentinel2',
          title: '哨兵2号',
          body: '<p>欧洲哥白尼计划的光学卫星。</p>',
          demo: false,
          updatedAt: '2026-11-27 10:00',
          updatedBy: 'editor',
        }),
    });
    show('/satellite/global/optical/sentinel-2');
    expect(await screen.findByTestId('satellite-S2A')).toBeInTheDocument();
    expect(await screen.findByText('欧洲哥白尼计划的光学卫星。')).toBeInTheDocument();
    // Without scenes there is no quick-look request and no list.
    expect(screen.queryByTestId('latest-S2A')).not.toBeInTheDocument();
  });
});

describe('a typical image page', () => {
  it('says so when the editor has uploaded no sample yet', async () => {
    stubServer({
      'GET /api/share/v2': () => envelope({ list: [], total: 0, pageNum: 1, pageSize: 50 }),
    });
    show('/satellite/typicalImage/lsar/strip1');
    expect(await screen.findByTestId('typical-empty')).toHaveTextContent('暂无典型影像');
  });
});
