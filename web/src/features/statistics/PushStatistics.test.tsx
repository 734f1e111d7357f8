import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveFile } from '../../lib/saveFile';
import { renderPage } from '../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../test/server';
import type { DeliveryRow, Distribution, VerificationProgress } from './api/getPushStatistics';
import StatisticsPage from './StatisticsPage';

vi.mock('../../lib/saveFile', () => ({ saveFile: vi.fn() }));
// ECharts draws on a canvas jsdom lacks: a stand-in shows the months it was given.
vi.mock('./ProgressChart', () => ({
  default: ({ progress }: { progress: VerificationProgress }) => (
    <div data-testid="progress-chart-stub">{progress.months.map((m) => m.pushed).join(',')}</div>
  ),
}));
vi.mock('./PushCharts', () => ({
  default: ({ internet }: { internet: Distribution }) => (
    <div data-testid="push-charts-stub">{internet.months.map((m) => m.scenes).join(',')}</div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

const YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()),
);

function node(nodeId: number, name: string, batches: number, scenes: number, sizeMb: number) {
  return {
    nodeId,
    nodeName: name,
    regionId: '420000',
    regionName: '湖北省',
    batches,
    scenes,
    sizeMb,
  };
}

function distribution(channel: Distribution['channel'], scenes: number): Distribution {
  const nodes = [
    node(1, '湖北省推送节点', scenes ? 1 : 0, scenes, scenes * 2),
    node(2, '河南省推送节点', 0, 0, 0),
  ];
  return {
    channel,
    year: YEAR,
    total: { batches: scenes ? 1 : 0, scenes, sizeMb: scenes * 2 },
    nodes,
    months: Array.from({ length: 12 }, (_, i) => ({
      month: `${YEAR}-${String(i + 1).padStart(2, '0')}`,
      batches: 0,
      scenes: i === 10 ? scenes : 0,
      sizeMb: 0,
    })),
    satellites: [],
  };
}

const delivery: DeliveryRow = {
  batchId: 7,
  batchName: '湖北省影像推送',
  channel: 'internet',
  sentAt: `${YEAR}-11-27 10:00`,
  creator: 'admin',
  nodeId: 1,
  nodeName: '湖北省推送节点',
  regionName: '湖北省',
  scenes: 120,
  sizeMb: 240,
};

const none = { pending: 0, draft: 0, submitted: 0, returned: 0, approved: 0 };

/** 湖北 verified 40 spots sent in November: 10 approved, 5 submitted, 25 still pending. */
function progress(): VerificationProgress {
  const hubei = { pending: 25, draft: 0, submitted: 5, returned: 0, approved: 10 };
  return {
    year: YEAR,
    total: { pushed: 40, states: hubei },
    nodes: [
      { nodeId: 1, nodeName: '湖北省推送节点', regionName: '湖北省', pushed: 40, states: hubei },
      { nodeId: 2, nodeName: '河南省推送节点', regionName: '河南省', pushed: 0, states: none },
    ],
    months: Array.from({ length: 12 }, (_, i) => ({
      month: `${YEAR}-${String(i + 1).padStart(2, '0')}`,
      pushed: i === 10 ? 40 : 0,
      states: i === 10 ? hubei : none,
    })),
  };
}

const props = { path: '/statistics/push', title: '推送统计', trail: ['统计分析', '推送统计'] };

describe('the push statistics page', () => {
  it('adds both channels per node and links each delivery to its batch', async () => {
    const requests = stubServer({
      'GET /api/sta-distribute/internet': () => envelope(distribution('internet', 120)),
      'GET /api/sta-distribute/privateline': () => envelope(distribution('privateline', 30)),
      'GET /api/sta-distribute/progress': () => envelope(progress()),
      'GET /api/sta-distribute/detail': () =>
        envelope({ total: 1, pageNum: 1, pageSize: 10, list: [delivery] }),
    });
    renderPage(<StatisticsPage {...props} />);
    await waitFor(() =>
      expect(screen.getByTestId('push-total-推送影像（景）')).toHaveTextContent('150'),
    );
    expect(screen.getByTestId('push-total-专线（景）')).toHaveTextContent('30');
    expect(screen.getByTestId('push-total-数据量')).toHaveTextContent('300 MB');
    const rows = within(screen.getByTestId('push-node-table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('湖北省推送节点');
    expect(rows[0]).toHaveTextContent('150');
    expect(await screen.findByTestId('push-charts-stub')).toHaveTextContent(',120,');
    const link = await within(screen.getByTestId('push-deliveries')).findByRole('link', {
      name: '湖北省影像推送',
    });
    expect(link).toHaveAttribute('href', '/push/image?batch=7&node=1');
    expect(
      new URL(requestsTo(requests, '/api/sta-distribute/internet')[0]!.url).searchParams.get(
        'year',
      ),
    ).toBe(String(YEAR));
  });

  it('counts one node when one is chosen, and exports what it counts', async () => {
    const requests = stubServer({
      'GET /api/sta-distribute/internet': () => envelope(distribution('internet', 5)),
      'GET /api/sta-distribute/privateline': () => envelope(distribution('privateline', 0)),
      'GET /api/sta-distribute/progress': () => envelope(progress()),
      'GET /api/sta-distribute/detail': () =>
        envelope({ total: 0, pageNum: 1, pageSize: 10, list: [] }),
      'GET /api/sta-distribute/export': () =>
        new Response('xlsx', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename="push_statistics_${YEAR}.xlsx"`,
          },
        }),
    });
    renderPage(<StatisticsPage {...props} />);
    expect(await screen.findByText(`${YEAR}年暂无推送`)).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('push-node')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('河南省推送节点'));
    await waitFor(() =>
      expect(
        requestsTo(requests, '/api/sta-distribute/privateline').some(
          (r) => new URL(r.url).searchParams.get('nodeId') === '2',
        ),
      ).toBe(true),
    );
    await userEvent.click(screen.getByTestId('push-export'));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe(`push_statistics_${YEAR}.xlsx`);
    const exported = requestsTo(requests, '/api/sta-distribute/export')[0]!;
    expect(new URL(exported.url).searchParams.get('nodeId')).toBe('2');
  });

  it('shows how far each node has verified its spots, in all and per month', async () => {
    const requests = stubServer({
      'GET /api/sta-distribute/internet': () => envelope(distribution('internet', 0)),
      'GET /api/sta-distribute/privateline': () => envelope(distribution('privateline', 0)),
      'GET /api/sta-distribute/progress': () => envelope(progress()),
      'GET /api/sta-distribute/detail': () =>
        envelope({ total: 0, pageNum: 1, pageSize: 10, list: [] }),
    });
    renderPage(<StatisticsPage {...props} />);
    await waitFor(() =>
      expect(screen.getByTestId('verification-total-推送图斑')).toHaveTextContent('40'),
    );
    expect(screen.getByTestId('verification-total-已通过')).toHaveTextContent('10');
    expect(screen.getByTestId('verification-total-通过率')).toHaveTextContent('25%');
    const rows = within(screen.getByTestId('verification-node-table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('湖北省推送节点');
    expect(within(rows[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(rows[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(await screen.findByTestId('progress-chart-stub')).toHaveTextContent(',40,');
    expect(
      new URL(requestsTo(requests, '/api/sta-distribute/progress')[0]!.url).searchParams.get(
        'year',
      ),
    ).toBe(String(YEAR));
  });

  it('says when the progress failed and counts it again on 重试', async () => {
    let fail = true;
    stubServer({
      'GET /api/sta-distribute/internet': () => envelope(distribution('internet', 0)),
      'GET /api/sta-distribute/privateline': () => envelope(distribution('privateline', 0)),
      'GET /api/sta-distribute/progress': () =>
        fail
          ? envelope(null, { code: 503, status: 503, message: '服务器繁忙' })
          : envelope(progress()),
      'GET /api/sta-distribute/detail': () =>
        envelope({ total: 0, pageNum: 1, pageSize: 10, list: [] }),
    });
    renderPage(<StatisticsPage {...props} />);
    const failed = await screen.findByTestId('verification-failed');
    fail = false;
    await userEvent.click(within(failed).getByRole('button'));
    await waitFor(() =>
      expect(screen.getByTestId('verification-total-推送图斑')).toHaveTextContent('40'),
    );
  });

  it('says when the statistics failed and counts again on 重试', async () => {
    let fail = true;
    stubServer({
      'GET /api/sta-distribute/internet': () =>
        fail
          ? envelope(null, { code: 503, status: 503, message: '服务器繁忙' })
          : envelope(distribution('internet', 1)),
      'GET /api/sta-distribute/privateline': () => envelope(distribution('privateline', 0)),
      'GET /api/sta-distribute/progress': () => envelope(progress()),
      'GET /api/sta-distribute/detail': () =>
        envelope({ total: 0, pageNum: 1, pageSize: 10, list: [] }),
    });
    renderPage(<StatisticsPage {...props} />);
    const failed = await screen.findByTestId('push-failed');
    fail = false;
    await userEvent.click(within(failed).getByRole('button'));
    await waitFor(() =>
      expect(screen.getByTestId('push-total-推送影像（景）')).toHaveTextContent('1'),
    );
  });
});
