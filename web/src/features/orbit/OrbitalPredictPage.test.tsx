import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { saveFile } from '../../lib/saveFile';
import { regionRoutes, regions } from '../../test/regions';
import { scenes } from '../../test/mapEngine';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { regionRange, testUser } from '../../test/session';
import type { PassLine } from './api/types';
import { CONFIG, PASSES, pass } from './fixtures';
import { PASS_LAYER, REACH_LAYER, SWATH_LAYER } from './mapLayers';
import OrbitalPredictPage from './OrbitalPredictPage';
import { passKey } from './timeline';

vi.mock('../../components/map/engine', () => import('../../test/mapEngine'));
vi.mock('../../lib/saveFile', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  scenes.length = 0;
  vi.stubGlobal('WebGL2RenderingContext', class {});
  useSession.setState({
    token: 'session-token',
    userInfo: testUser([]),
    areaRange: [regionRange('420000')],
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
  useSession.getState().clear();
});

const line = (satellite: string): PassLine => ({
  satellite,
  label: satellite,
  maxOffNadirDeg: 25,
  swathKm: 60,
  track: [
    [
      [111, 28],
      [112, 32],
    ],
  ],
  swath: [
    [
      [110.8, 28],
      [111.2, 28],
      [112.2, 32],
      [111.8, 32],
      [110.8, 28],
    ],
  ],
  reach: [
    [
      [110, 28],
      [112, 28],
      [113, 32],
      [111, 32],
      [110, 28],
    ],
  ],
});

const ORBIT = '/api/sateorbit/v2';

function routes(answers: { csj?: () => Response; config?: () => Response } = {}) {
  return {
    ...regionRoutes(),
    'GET /api/region/v2/id/420000': () => envelope(regions.hubei),
    'GET /api/region/v2/pids/420000/s': () => envelope({ type: 'FeatureCollection', features: [] }),
    [`GET ${ORBIT}/config`]: answers.config ?? (() => envelope(CONFIG)),
    [`POST ${ORBIT}/csj`]: answers.csj ?? (() => envelope(PASSES)),
    [`POST ${ORBIT}/region`]: () => envelope({ ...PASSES, opportunities: false }),
    [`POST ${ORBIT}/selectline`]: async (request: Request) => {
      const { satellite } = (await request.json()) as { satellite: string };
      return envelope(line(satellite));
    },
    [`POST ${ORBIT}/csj/ics`]: () =>
      new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
        headers: {
          'Content-Type': 'text/calendar',
          'Content-Disposition': 'attachment; filename="orbit_2025-10-03_2025-10-09.ics"',
        },
      }),
  };
}

function renderOrbit() {
  return renderPage(
    <OrbitalPredictPage path="/orbitalPredict" title="轨道预报" trail={[]} />,
    '/orbitalPredict',
  );
}

const bodyOf = async (request: Request | undefined) => request?.clone().json() as Promise<unknown>;

async function chooseHubei() {
  await userEvent.click(await screen.findByTestId('region-picker'));
  const menu = await screen.findByTestId('region-picker-menu');
  await userEvent.click(
    await within(menu).findByText('湖北省', { selector: '[data-testid=region-option]' }),
  );
  await waitFor(() => expect(screen.getByTestId('region-picker')).toHaveTextContent('湖北省'));
}

/** The ids of the page's layers the map was last shown. */
const overlayIds = () => scenes.at(-1)?.overlays.map((layer) => layer.id) ?? [];

describe('轨道预报 (/orbitalPredict)', () => {
  it('warns of the demo element sets and starts the window at their epoch', async () => {
    stubServer(routes());
    renderOrbit();
    expect(await screen.findByTestId('orbit-stale')).toHaveTextContent(
      '演示轨道根数，历元 2025-10-03 15:06:55，预测从历元开始',
    );
    expect(
      within(screen.getByTestId('orbit-window')).getByDisplayValue('2025-10-03'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('orbit-last-day')).toHaveTextContent('至 2025-10-09');
    expect(screen.getByTestId('orbit-satellite-count')).toHaveTextContent('已选 2 颗');
    expect(screen.getByTestId('orbit-idle')).toBeInTheDocument();
  });

  it('predicts opportunities over 湖北 for the picked satellites and shows them three ways', async () => {
    const requests = stubServer(routes());
    renderOrbit();
    await userEvent.click(await screen.findByTestId('orbit-clear-satellites'));
    await userEvent.click(screen.getByTestId('orbit-quick-ZY'));
    await userEvent.click(screen.getByTestId('orbit-quick-GF'));
    expect(screen.getByTestId('orbit-satellite-count')).toHaveTextContent('已选 5 颗');
    await chooseHubei();
    await userEvent.click(screen.getByTestId('orbit-run'));

    expect(await screen.findByTestId('orbit-summary')).toHaveTextContent(
      '2025-10-03 至 2025-10-09：2 颗卫星共 3 次成像机会',
    );
    expect(await bodyOf(requestsTo(requests, `${ORBIT}/csj`)[0])).toEqual({
      selectMode: 1,
      regionId: '420000',
      satellites: ['ZY3-02', 'GF1', 'GF1B', 'GF1C', 'GF3'],
      start: '2025-10-03',
      end: '2025-10-09',
    });
    // The timeline: a row per satellite in the order picked, a bar per pass.
    const rows = screen.getAllByTestId('timeline-row');
    expect(rows.map((row) => row.getAttribute('data-satellite'))).toEqual(['ZY3-02', 'GF1']);
    expect(within(rows[1]!).getAllByTestId('timeline-bar')).toHaveLength(2);
    // The table, in Beijing time, with the angles.
    const first = screen.getAllByTestId('pass-row')[0]!;
    expect(first).toHaveTextContent('2025-10-03 11:02:10');
    expect(first).toHaveTextContent('2025-10-03 11:03:40');
    expect(first).toHaveTextContent('71.5°');
    expect(first).toHaveTextContent('12.3°');
    expect(first).toHaveTextContent('45.3°');
    expect(first).toHaveTextContent('降轨');
    // Skipped satellites and why.
    expect(screen.getByTestId('orbit-skipped')).toHaveTextContent(
      '高分一号B星（GF1B）：无可用轨道根数',
    );
    // The first pass is on the map: its reach, swath and track.
    await waitFor(() =>
      expect(overlayIds()).toEqual(expect.arrayContaining([REACH_LAYER, SWATH_LAYER, PASS_LAYER])),
    );
    expect(await bodyOf(requestsTo(requests, `${ORBIT}/selectline`)[0])).toEqual({
      satellite: 'GF1',
      start: '2025-10-03T11:02:10+08:00',
      end: '2025-10-03T11:03:40+08:00',
    });
  });

  it('highlights a pass chosen in the table on the timeline and asks for its line', async () => {
    const requests = stubServer(routes());
    renderOrbit();
    await chooseHubei();
    await userEvent.click(screen.getByTestId('orbit-run'));
    await userEvent.click((await screen.findAllByTestId('pass-row'))[1]!);
    await waitFor(() =>
      expect(screen.getAllByTestId('pass-row')[1]).toHaveAttribute('data-selected', 'true'),
    );
    const bar = screen
      .getAllByTestId('timeline-bar')
      .find((element) => element.getAttribute('data-selected') === 'true');
    expect(bar).toHaveAttribute('data-key', 'ZY3-02@2025-10-04T10:40:00+08:00');
    await waitFor(() => expect(requestsTo(requests, `${ORBIT}/selectline`)).toHaveLength(2));
    expect(await bodyOf(requestsTo(requests, `${ORBIT}/selectline`)[1])).toMatchObject({
      satellite: 'ZY3-02',
    });
    // And back from the timeline.
    const later = screen
      .getAllByTestId('timeline-bar')
      .find((element) => element.getAttribute('data-key') === 'GF1@2025-10-05T10:58:00+08:00');
    await userEvent.click(later!);
    await waitFor(() =>
      expect(screen.getAllByTestId('pass-row')[2]).toHaveAttribute('data-selected', 'true'),
    );
  });

  it('turns the table to the page of a pass chosen on the timeline', async () => {
    const hourly = Array.from({ length: 60 }, (_, hour) => {
      const at = (minute: number) =>
        new Date(Date.parse('2025-10-03T00:00:00+08:00') + hour * 3_600_000 + minute * 60_000)
          .toISOString()
          .replace('.000Z', 'Z');
      return pass('GF1', '高分一号', at(0), at(2));
    });
    stubServer(routes({ csj: () => envelope({ ...PASSES, passes: hourly }) }));
    renderOrbit();
    await chooseHubei();
    await userEvent.click(screen.getByTestId('orbit-run'));
    expect(await screen.findAllByTestId('pass-row')).toHaveLength(50);
    const late = passKey(hourly[54]!);
    await userEvent.click(
      screen
        .getAllByTestId('timeline-bar')
        .find((element) => element.getAttribute('data-key') === late)!,
    );
    await waitFor(() => expect(screen.getAllByTestId('pass-row')).toHaveLength(10));
    const chosen = screen
      .getAllByTestId('pass-row')
      .find((row) => row.getAttribute('data-row-key') === late);
    expect(chosen).toHaveAttribute('data-selected', 'true');
  });

  it('says what is missing in Chinese and asks nothing', async () => {
    const requests = stubServer(routes());
    renderOrbit();
    await userEvent.click(await screen.findByTestId('orbit-run'));
    expect(screen.getByTestId('orbit-problem')).toHaveTextContent('请选择行政区');
    await chooseHubei();
    await userEvent.click(screen.getByTestId('orbit-clear-satellites'));
    await userEvent.click(screen.getByTestId('orbit-run'));
    expect(screen.getByTestId('orbit-problem')).toHaveTextContent('请至少选择一颗卫星');
    expect(requestsTo(requests, `${ORBIT}/csj`)).toHaveLength(0);
  });

  it('asks for nadir passes over a region, and offers only opportunities for a drawing', async () => {
    const requests = stubServer(routes());
    renderOrbit();
    await chooseHubei();
    await userEvent.click(screen.getByLabelText('过境（星下点幅宽）'));
    await userEvent.click(screen.getByTestId('orbit-run'));
    expect(await screen.findByTestId('orbit-summary')).toHaveTextContent('共 3 次过境');
    expect(await bodyOf(requestsTo(requests, `${ORBIT}/region`)[0])).toMatchObject({
      regionId: '420000',
    });
    // The exports are of opportunities only.
    expect(screen.getByTestId('orbit-export-ics')).toBeDisabled();
    await userEvent.click(within(screen.getByTestId('orbit-area-mode')).getByText('绘制'));
    expect(screen.getByLabelText('过境（星下点幅宽）')).toBeDisabled();
    expect(screen.getByText('成像机会').closest('label')).toHaveClass('ant-radio-wrapper-checked');
  });

  it('exports the opportunities shown as a calendar under the name the server gives', async () => {
    const requests = stubServer(routes());
    renderOrbit();
    await chooseHubei();
    await userEvent.click(screen.getByTestId('orbit-run'));
    await userEvent.click(await screen.findByTestId('orbit-export-ics'));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('orbit_2025-10-03_2025-10-09.ics');
    expect(await blob.text()).toContain('BEGIN:VCALENDAR');
    expect(await bodyOf(requestsTo(requests, `${ORBIT}/csj/ics`)[0])).toEqual(
      await bodyOf(requestsTo(requests, `${ORBIT}/csj`)[0]),
    );
  });

  it('offers a retry when the prediction fails, and says so when nothing passes', async () => {
    let answer: 'fail' | 'none' = 'fail';
    stubServer(
      routes({
        csj: () =>
          answer === 'fail'
            ? envelope(null, { code: 400, status: 400, message: '时间范围不能超过30天' })
            : envelope({ ...PASSES, passes: [], skipped: [] }),
      }),
    );
    renderOrbit();
    await chooseHubei();
    await userEvent.click(screen.getByTestId('orbit-run'));
    const failure = await screen.findByTestId('orbit-error');
    expect(failure).toHaveTextContent('时间范围不能超过30天');
    answer = 'none';
    await userEvent.click(within(failure).getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('orbit-empty')).toHaveTextContent('所选时段内没有成像机会');
  });

  it('offers a retry when the config fails to load', async () => {
    let fail = true;
    stubServer(
      routes({
        config: () =>
          fail ? envelope(null, { code: 500, status: 500, message: '服务异常' }) : envelope(CONFIG),
      }),
    );
    renderOrbit();
    const failure = await screen.findByTestId('orbit-config-error');
    fail = false;
    await userEvent.click(within(failure).getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('orbit-stale')).toBeInTheDocument();
  });
});
