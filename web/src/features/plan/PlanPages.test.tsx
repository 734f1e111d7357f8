import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { saveFile } from '../../lib/saveFile';
import { scenes } from '../../test/mapEngine';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signIn, signInAdmin } from '../../test/session';
import type {
  OverallPlan,
  PlanArea,
  ProcessedShape,
  ProvincialFeedback,
  PurchasePlan,
} from './api/types';
import PlanPage from './PlanPage';

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

const square = {
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [113, 30],
        [113.5, 30],
        [113.5, 30.5],
        [113, 30],
      ],
    ],
  ],
};

const area = (id: number, state: PlanArea['state'], extra: Partial<PlanArea> = {}): PlanArea => ({
  id,
  name: `武汉需求 ${id}`,
  areaKm2: 1234.567,
  cjlx: 'sc',
  cjlxLabel: '首采',
  createdAt: '2026-11-27 10:00',
  creator: 'hubei',
  monthCode: 'qb',
  months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  monthsLabel: '全年',
  planYear: 2025,
  purpose: '',
  resolution: 2,
  resolutionLabel: '1米至4米',
  state,
  stateLabel: {
    draft: '草稿',
    submitted: '已提交',
    editRequested: '申请修改',
    published: '已发布',
  }[state],
  unitCode: '420000',
  unitName: '湖北省',
  unitType: '省级',
  updatedAt: '2026-11-27 10:00',
  updatedBy: 'hubei',
  ...extra,
});

const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

const shapesOf = (areas: PlanArea[]) => ({
  type: 'FeatureCollection',
  features: areas.map((shown) => ({
    type: 'Feature',
    id: String(shown.id),
    properties: shown,
    geometry: square,
  })),
});

const PROCESSED: ProcessedShape = {
  geojson: square,
  areaKm2: 2500,
  crs: 'EPSG:4326',
  parts: 1,
  vertices: 3,
  repaired: false,
  unitCode: '420000',
  unitName: '湖北省',
};

function plans(areas: PlanArea[], extra: Record<string, (request: Request) => Response> = {}) {
  return stubServer({
    'GET /api/plan-collaborative/list': () => envelope(page(areas)),
    'GET /api/plan-collaborative/geom/2025': () => envelope(shapesOf(areas)),
    ...extra,
  });
}

function show(path: string, title: string) {
  return renderPage(<PlanPage path={path} title={title} trail={['采集计划', title]} />, path);
}

/** Clicks the confirmation's button (the last one of the name: the popover opens last). */
async function confirm(name: RegExp) {
  const button = screen.getAllByRole('button', { name }).at(-1);
  if (!button) throw new Error(`no ${String(name)} button`);
  await userEvent.click(button);
}

async function uploadShape() {
  await userEvent.click(within(screen.getByTestId('plan-shape-source')).getByText('上传文件'));
  const input = screen.getByTestId('upload-shape').querySelector('input[type=file]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await userEvent.upload(input, new File(['{}'], 'need.geojson', { type: 'application/json' }));
  expect(await screen.findByTestId('uploaded-shape')).toHaveTextContent('2,500 km²');
}

describe('计划填报 (/plan/fill)', () => {
  it('lists the unit’s areas with their figures, draws them by state, and says when there are none', async () => {
    plans([area(1, 'draft'), area(2, 'submitted', { reason: '范围需扩大' })]);
    signIn([]);
    const view = show('/plan/fill', '计划填报');
    const table = await screen.findByTestId('plan-fill-table');
    expect(await within(table).findByText('武汉需求 1')).toBeInTheDocument();
    expect(within(table).getAllByText('1,234.57 km²')).toHaveLength(2);
    expect(within(table).getAllByText('1米至4米')).toHaveLength(2);
    expect(within(table).getByText('范围需扩大')).toBeInTheDocument();
    // A draft can be edited, submitted and deleted; a submitted one only asked to be edited.
    expect(within(table).getAllByTestId('plan-delete')).toHaveLength(1);
    expect(within(table).getAllByTestId('plan-apply-edit')).toHaveLength(1);
    await waitFor(() =>
      expect(scenes.at(-1)?.overlays.map((layer) => layer.id)).toContain('plan-areas'),
    );
    view.unmount();

    plans([]);
    show('/plan/fill', '计划填报');
    expect(await screen.findByText('2025 年尚未填报需求范围')).toBeInTheDocument();
    expect(screen.getByTestId('plan-submit-all')).toBeDisabled();
  });

  it('asks for a shape and a name before saving, and sends nothing meanwhile', async () => {
    const requests = plans([]);
    signIn([]);
    show('/plan/fill', '计划填报');
    await userEvent.click(await screen.findByTestId('plan-save'));
    expect(await screen.findByText('请在地图上绘制或上传需求范围')).toBeInTheDocument();
    expect(screen.getByText('请填写需求名称')).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('plan-whole-year')).getByText('指定月份'));
    await userEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('请至少选择一个月份')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/plan-collaborative/save/2025')).toHaveLength(0);
  });

  it('saves an uploaded area as a draft of the year, and shows the server’s refusal in the form', async () => {
    let refuse = true;
    const requests = plans([], {
      'POST /api/plan-collaborative/process-shp': () => envelope(PROCESSED),
      'POST /api/plan-collaborative/save/2025': () =>
        refuse
          ? envelope(null, {
              code: 400,
              status: 400,
              message: '需求范围有 12.34 平方千米超出本单位权限范围（湖北省）',
            })
          : envelope(area(9, 'draft')),
    });
    signIn([]);
    show('/plan/fill', '计划填报');
    await uploadShape();
    await userEvent.type(screen.getByTestId('plan-name'), '江汉平原');
    await userEvent.click(within(screen.getByTestId('plan-whole-year')).getByText('指定月份'));
    await userEvent.click(within(screen.getByTestId('plan-months')).getByText('4月'));
    await userEvent.click(within(screen.getByTestId('plan-months')).getByText('5月'));
    await userEvent.click(within(screen.getByTestId('plan-cjlx')).getByText('补采'));
    await userEvent.click(screen.getByTestId('plan-save'));

    expect(await screen.findByTestId('plan-save-failure')).toHaveTextContent(
      '需求范围有 12.34 平方千米超出本单位权限范围（湖北省）',
    );
    const [sent] = requestsTo(requests, '/api/plan-collaborative/save/2025');
    expect(await sent?.json()).toEqual({
      id: null,
      name: '江汉平原',
      geojson: square,
      resolution: 2,
      months: [4, 5],
      cjlx: 'bc',
      purpose: '',
    });

    refuse = false;
    await userEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/plan-collaborative/save/2025')).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByTestId('plan-save-failure')).not.toBeInTheDocument());
    expect(screen.getByTestId('plan-name')).toHaveValue('');
  });

  it('deletes a draft and submits all only after confirmation', async () => {
    const requests = plans([area(1, 'draft')], {
      'DELETE /api/plan-collaborative/delete/id/1': () => envelope(1),
      'POST /api/plan-collaborative/submit': () =>
        envelope({ ids: [1], areaKm2: 1234.567, planYear: 2025 }),
    });
    signIn([]);
    show('/plan/fill', '计划填报');
    await userEvent.click(await screen.findByTestId('plan-delete'));
    expect(await screen.findByText('删除草稿「武汉需求 1」？')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/plan-collaborative/delete/id/1')).toHaveLength(0);
    await confirm(/^删\s?除$/);
    await waitFor(() =>
      expect(requestsTo(requests, '/api/plan-collaborative/delete/id/1')).toHaveLength(1),
    );

    await userEvent.click(screen.getByTestId('plan-submit-all'));
    expect(await screen.findByText(/提交 2025 年的全部草稿？/)).toBeInTheDocument();
    await confirm(/^全部提交$/);
    await waitFor(() =>
      expect(requestsTo(requests, '/api/plan-collaborative/submit')).toHaveLength(1),
    );
    expect(await requestsTo(requests, '/api/plan-collaborative/submit')[0]?.json()).toEqual({
      planYear: 2025,
    });
  });

  it('asks to edit a submitted area with a reason, which it requires', async () => {
    const requests = plans([area(2, 'submitted')], {
      'POST /api/plan-collaborative/apply-edit': () => envelope(area(2, 'editRequested')),
    });
    signIn([]);
    show('/plan/fill', '计划填报');
    await userEvent.click(await screen.findByTestId('plan-apply-edit'));
    const dialog = await screen.findByTestId('plan-reason-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByText('请填写修改原因')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('plan-reason'), '范围画小了');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/plan-collaborative/apply-edit')).toHaveLength(1),
    );
    expect(await requestsTo(requests, '/api/plan-collaborative/apply-edit')[0]?.json()).toEqual({
      id: 2,
      reason: '范围画小了',
    });
  });

  it('shows the server’s refusal with 重试 when the list fails', async () => {
    plans([], {
      'GET /api/plan-collaborative/list': () =>
        envelope(null, { code: 403, status: 403, message: '未关联用户权限范围' }),
    });
    signIn([]);
    show('/plan/fill', '计划填报');
    const failed = await screen.findByTestId('plan-fill-failed');
    expect(failed).toHaveTextContent('未关联用户权限范围');
    expect(within(failed).getByRole('button', { name: /重\s?试/ })).toBeInTheDocument();
  });
});

describe('计划发布 (/plan/publish)', () => {
  const publishServer = (extra: Record<string, (request: Request) => Response> = {}) =>
    plans([area(1, 'submitted'), area(3, 'editRequested', { reason: '需要补充范围' })], {
      'GET /api/plan-collaborative/publish': () =>
        envelope([
          {
            id: 5,
            planYear: 2025,
            version: 1,
            areas: 4,
            areaKm2: 5000,
            publishedAt: '2026-11-20 09:00',
            publisher: 'admin',
          },
        ]),
      'GET /api/plan-collaborative/overlap': () =>
        envelope({
          planYear: 2025,
          units: [{ unitCode: '420000', unitName: '湖北省', areas: 2, areaKm2: 2469.13 }],
          pairs: [
            { unitA: '420000', unitB: '430000', nameA: '湖北省', nameB: '湖南省', areaKm2: 88.5 },
          ],
        }),
      ...extra,
    });

  it('publishes the submitted areas as the next version after confirmation', async () => {
    const requests = publishServer({
      'POST /api/plan-collaborative/publish': () =>
        envelope({
          id: 6,
          planYear: 2025,
          version: 2,
          areas: 5,
          areaKm2: 6000,
          publishedAt: '2026-11-27 09:00',
          publisher: 'admin',
        }),
    });
    signInAdmin();
    show('/plan/publish', '计划发布');
    const table = await screen.findByTestId('plan-publish-table');
    expect(await within(table).findByText('需要补充范围')).toBeInTheDocument();
    // The stub answers every list with both areas: the count asked for `state=submitted` is 2.
    const publish = await screen.findByTestId('plan-publish-button');
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);
    expect(
      await screen.findByText('将 2 个已提交的需求范围发布为 2025 年计划第 2 版？发布后不可修改。'),
    ).toBeInTheDocument();
    await confirm(/^发\s?布$/);
    await waitFor(() =>
      expect(
        requestsTo(requests, '/api/plan-collaborative/publish').filter(
          (request) => request.method === 'POST',
        ),
      ).toHaveLength(1),
    );
  });

  it('shows the overlap of the units and the versions', async () => {
    publishServer();
    signInAdmin();
    show('/plan/publish', '计划发布');
    await userEvent.click(await screen.findByText('重叠统计'));
    const pairs = await screen.findByTestId('plan-overlap-pairs');
    expect(await within(pairs).findByText('湖南省')).toBeInTheDocument();
    expect(within(pairs).getByText('88.5 km²')).toBeInTheDocument();
    await userEvent.click(screen.getByText('发布版本'));
    const versions = await screen.findByTestId('plan-versions');
    expect(await within(versions).findByText('第 1 版')).toBeInTheDocument();
  });

  it('refuses an edit request only with a reason', async () => {
    const requests = publishServer({
      'POST /api/plan-collaborative/apply-edit/3': () => envelope(area(3, 'submitted')),
    });
    signInAdmin();
    show('/plan/publish', '计划发布');
    await userEvent.click(await screen.findByTestId('plan-refuse'));
    const dialog = await screen.findByTestId('plan-reason-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /拒\s?绝/ }));
    expect(await within(dialog).findByText('请填写拒绝理由')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('plan-reason'), '已超过截止日期');
    await userEvent.click(within(dialog).getByRole('button', { name: /拒\s?绝/ }));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/plan-collaborative/apply-edit/3')).toHaveLength(1),
    );
    expect(await requestsTo(requests, '/api/plan-collaborative/apply-edit/3')[0]?.json()).toEqual({
      decision: 'refuse',
      reason: '已超过截止日期',
    });
  });
});

describe('采购计划 (/plan/purchase)', () => {
  const PLAN: PurchasePlan = {
    purchaseYear: 2024,
    unitType: '省级',
    version: 2,
    planKm2: 3000,
    coveredKm2: 1000,
    purchaseKm2: 2000,
    cost: 50000,
    rows: [
      {
        resolution: 2,
        resolutionLabel: '1米至4米',
        monthCode: 'qb',
        monthsLabel: '全年',
        areas: 2,
        planKm2: 3000,
        coveredKm2: 1000,
        purchaseKm2: 2000,
        pricePerKm2: 25,
        cost: 50000,
        scenes: 12,
      },
    ],
  };

  it('shows the lines, the sums and the version, and exports the workbook', async () => {
    const requests = stubServer({
      'GET /api/plan-collaborative/purchase': () => envelope(PLAN),
      'GET /api/plan-collaborative/purchase/export': () =>
        new Response('PK', {
          headers: { 'Content-Disposition': 'attachment; filename="purchase_2024.xlsx"' },
        }),
    });
    signInAdmin();
    show('/plan/purchase', '采购计划');
    const lines = await screen.findByTestId('purchase-lines');
    expect(await within(lines).findByText('2,000 km²')).toBeInTheDocument();
    expect(within(lines).getByText('50,000 元')).toBeInTheDocument();
    expect(screen.getByTestId('purchase-sums')).toHaveTextContent('第 2 版');
    const [asked] = requestsTo(requests, '/api/plan-collaborative/purchase');
    expect(new URL(asked?.url ?? '').search).toBe(
      '?purchaseYear=2024&unitType=%E7%9C%81%E7%BA%A7&regionId=100000',
    );
    await userEvent.click(screen.getByTestId('purchase-export'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('purchase_2024.xlsx');
  });

  it('says so when the year has no published plan', async () => {
    stubServer({
      'GET /api/plan-collaborative/purchase': () =>
        envelope({ ...PLAN, version: null, rows: [], planKm2: 0, coveredKm2: 0, purchaseKm2: 0 }),
    });
    signInAdmin();
    show('/plan/purchase', '采购计划');
    expect(await screen.findByTestId('purchase-empty')).toHaveTextContent(
      '2024 年尚无已发布的采集计划',
    );
    expect(screen.getByTestId('purchase-export')).toBeDisabled();
  });
});

describe('总体计划 (/plan/overall)', () => {
  const row = {
    key: '420000',
    label: '湖北省',
    areas: 2,
    planKm2: 4000,
    acquiredKm2: 3000,
    purchaseKm2: 1000,
    deliveredKm2: 2000,
    acquiredShare: 0.75,
    deliveredShare: 0.5,
  };
  const PLAN: OverallPlan = {
    planYear: 2025,
    analysisOption: 'province',
    version: 1,
    rows: [row],
    total: { ...row, key: 'total', label: '合计' },
  };

  it('shows a row per province with the total and the published areas on the map', async () => {
    const requests = stubServer({
      'GET /api/plan-collaborative/overall': () => envelope(PLAN),
      'GET /api/plan-collaborative/geom/2025': () => envelope(shapesOf([area(1, 'published')])),
    });
    signInAdmin();
    show('/plan/overall', '总体计划');
    const rows = await screen.findByTestId('overall-rows');
    expect(await within(rows).findByText('湖北省')).toBeInTheDocument();
    expect(within(rows).getByText('75.00%')).toBeInTheDocument();
    expect(within(rows).getByText('1,000 km²')).toBeInTheDocument();
    expect(screen.getByTestId('overall-total')).toHaveTextContent('第 1 版');
    const [asked] = requestsTo(requests, '/api/plan-collaborative/overall');
    expect(new URL(asked?.url ?? '').search).toBe(
      '?planYear=2025&analysisOption=province&unitType=%E7%9C%81%E7%BA%A7&regionId=100000',
    );
    const [shapes] = requestsTo(requests, '/api/plan-collaborative/geom/2025');
    expect(new URL(shapes?.url ?? '').searchParams.get('state')).toBe('published');
  });

  it('asks by year from four years before the plan year when 按年度 is chosen', async () => {
    const requests = stubServer({
      'GET /api/plan-collaborative/overall': () => envelope(PLAN),
      'GET /api/plan-collaborative/geom/2025': () => envelope(shapesOf([])),
    });
    signInAdmin();
    show('/plan/overall', '总体计划');
    await screen.findByText('湖北省');
    await userEvent.click(within(screen.getByTestId('overall-analysis')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('按年度'));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/plan-collaborative/overall')).toHaveLength(2),
    );
    const asked = requestsTo(requests, '/api/plan-collaborative/overall')[1];
    const query = new URL(asked?.url ?? '').searchParams;
    expect([query.get('analysisOption'), query.get('yearOption')]).toEqual(['year', '2021']);
    expect(await screen.findByTestId('overall-from')).toHaveTextContent('自 2021 年');
  });

  it('shows the server’s refusal with 重试', async () => {
    stubServer({
      'GET /api/plan-collaborative/overall': () =>
        envelope(null, { code: 503, status: 503, message: '计算超时，请缩小范围后重试' }),
      'GET /api/plan-collaborative/geom/2025': () => envelope(shapesOf([])),
    });
    signInAdmin();
    show('/plan/overall', '总体计划');
    expect(await screen.findByTestId('overall-failed')).toHaveTextContent('计算超时');
  });
});

describe('省级反馈 (/plan/feedback)', () => {
  const unit = {
    unitCode: '420000',
    unitName: '湖北省',
    areas: 2,
    planKm2: 4000,
    deliveredKm2: 1000,
    share: 0.25,
    scenes: 3,
    lines: [
      {
        resolution: 2,
        resolutionLabel: '1米至4米',
        monthCode: '4,5,6',
        monthsLabel: '4、5、6月',
        areas: 2,
        planKm2: 4000,
        deliveredKm2: 1000,
        share: 0.25,
        scenes: 3,
      },
    ],
    rating: null,
    comment: null,
    author: null,
    ratedAt: null,
  };
  const FEEDBACK: ProvincialFeedback = {
    planYear: 2025,
    unitType: '省级',
    version: 1,
    units: [unit],
    planKm2: 4000,
    deliveredKm2: 1000,
    share: 0.25,
    rated: 0,
    meanRating: null,
  };

  it('lets a unit rate the year with stars and a comment, and shows the server’s refusal', async () => {
    let answer: Response = envelope(null, {
      code: 409,
      status: 409,
      message: '2025 年已发布的计划中没有本单位的需求范围，无法评价',
    });
    const requests = stubServer({
      'GET /api/push/v1/provincial-feedback': () => envelope(FEEDBACK),
      'PUT /api/push/v1/provincial-feedback': () => answer,
    });
    signIn([]);
    show('/plan/feedback', '省级反馈');
    const units = await screen.findByTestId('feedback-units');
    expect(await within(units).findByText('25.00%')).toBeInTheDocument();
    expect(within(units).getByText('未评价')).toBeInTheDocument();
    await userEvent.click(within(units).getByTestId('feedback-rate'));
    const dialog = await screen.findByTestId('feedback-rate-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /提交评价/ }));
    expect(await within(dialog).findByText('请选择满意度')).toBeInTheDocument();
    expect(
      requestsTo(requests, '/api/push/v1/provincial-feedback').filter((r) => r.method === 'PUT'),
    ).toHaveLength(0);
    const stars = within(dialog).getByTestId('feedback-rating').querySelectorAll('li');
    const fourth = stars[3]?.querySelector('div[role=radio]');
    if (!(fourth instanceof HTMLElement)) throw new Error('no fourth star');
    await userEvent.click(fourth);
    await userEvent.type(within(dialog).getByTestId('feedback-comment'), '基本满足');
    await userEvent.click(within(dialog).getByRole('button', { name: /提交评价/ }));
    expect(await within(dialog).findByTestId('feedback-rate-failure')).toHaveTextContent(
      '无法评价',
    );
    answer = envelope({ ...unit, rating: 4, comment: '基本满足' });
    await userEvent.click(within(dialog).getByRole('button', { name: /提交评价/ }));
    await waitFor(() =>
      expect(screen.queryByTestId('feedback-rate-dialog')).not.toBeInTheDocument(),
    );
    const sent = requestsTo(requests, '/api/push/v1/provincial-feedback').filter(
      (r) => r.method === 'PUT',
    );
    expect(await sent.at(-1)?.json()).toEqual({
      planYear: 2025,
      unitCode: '420000',
      rating: 4,
      comment: '基本满足',
    });
  });

  it('shows a manager the summary and the images that count, with no rating button', async () => {
    stubServer({
      'GET /api/push/v1/provincial-feedback': () =>
        envelope({
          ...FEEDBACK,
          rated: 1,
          meanRating: 4,
          units: [
            {
              ...unit,
              rating: 4,
              comment: '基本满足',
              author: 'hubei',
              ratedAt: '2026-11-27 10:00',
            },
          ],
        }),
      'GET /api/push/v1/metadata-optical': () =>
        envelope({
          total: 1,
          pageNum: 1,
          pageSize: 10,
          list: [
            {
              nodeId: 3,
              nodeName: '湖北省自然资源厅',
              regionId: '420000',
              sceneId: 'GF2_1',
              fileName: 'GF2_PMS1_E114.3_N30.6_20250510.tar.gz',
              satellite: 'GF2',
              sensor: 'PMS1',
              acquiredAt: '2025-05-10T03:00:00Z',
              cloud: 5,
              resolution: 0.8,
              sizeMb: 1200,
              resolutionLabel: '1米至4米',
              batchId: 7,
              batchName: '2025年第二季度',
              deliveredAt: '2025-07-01 09:00',
            },
          ],
        }),
    });
    signInAdmin();
    show('/plan/feedback', '省级反馈');
    expect(await screen.findByTestId('feedback-sums')).toHaveTextContent('1 个，平均 4.0 星');
    const units = screen.getByTestId('feedback-units');
    expect(within(units).getByText('基本满足')).toBeInTheDocument();
    expect(within(units).queryByTestId('feedback-rate')).not.toBeInTheDocument();
    await userEvent.click(within(units).getByTestId('feedback-show-scenes'));
    const scenes = await screen.findByTestId('feedback-scenes');
    expect(await within(scenes).findByText('2025年第二季度')).toBeInTheDocument();
    expect(within(scenes).getByText('2025-05-10 11:00')).toBeInTheDocument();
  });

  it('says so when the year has no published plan', async () => {
    stubServer({
      'GET /api/push/v1/provincial-feedback': () =>
        envelope({ ...FEEDBACK, version: null, units: [], planKm2: 0, deliveredKm2: 0, share: 0 }),
    });
    signIn([]);
    show('/plan/feedback', '省级反馈');
    expect(await screen.findByTestId('feedback-empty')).toHaveTextContent(
      '2025 年尚无已发布的采集计划',
    );
  });
});
