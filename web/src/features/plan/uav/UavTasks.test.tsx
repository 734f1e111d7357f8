import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useSession } from '../../../lib/session';
import { renderPage } from '../../../test/renderPage';
import { envelope, requestsTo, stubServer } from '../../../test/server';
import { signIn } from '../../../test/session';
import type { DrawnShape } from '../../../components/map/types';
import type { UavTask } from './api';
import { emptyForm, taskProblem, UavTasks } from './UavTasks';

// The map engine of the test: it hands the page's `drawn` callback to the test, which draws.
const draw = vi.hoisted(() => ({ shape: null as ((shape: unknown) => void) | null }));
vi.mock('../../../components/map/engine', () => ({
  MapEngine: class {
    constructor(_: HTMLElement, __: unknown, options: { events: { drawn: (s: unknown) => void } }) {
      draw.shape = options.events.drawn;
    }
    show() {}
    destroy() {}
    fitBounds() {}
    view() {
      return null;
    }
  },
}));

beforeEach(() => {
  vi.stubGlobal('WebGL2RenderingContext', class {});
  signIn([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const TASKS: UavTask[] = [
  {
    id: 't-1',
    name: '江汉平原巡查',
    status: 'flying',
    start: '2026-06-01',
    end: '2026-08-31',
    createdAt: '2026-05-20T08:00:00Z',
  },
  {
    id: 't-2',
    name: '武汉城区',
    status: 'done',
    start: '2026-03-01',
    end: '2026-03-31',
    createdAt: '2026-02-20T08:00:00Z',
    resultUrl: 'https://uav.example.cn/result/t-2',
  },
];

const SQUARE: DrawnShape = {
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [114, 30.3],
        [114.5, 30.3],
        [114.5, 30.8],
        [114, 30.3],
      ],
    ],
  },
};

function server(extra: Record<string, (request: Request) => Response> = {}) {
  return stubServer({
    'GET /api/uav/status': () => envelope({ enabled: true }),
    'GET /api/uav/task': () => envelope(TASKS),
    ...extra,
  });
}

function show() {
  return renderPage(<UavTasks title="无人机任务" />, '/plan/uav');
}

describe('无人机任务', () => {
  it('says the drone service is not configured, and asks nothing more', async () => {
    const requests = server({ 'GET /api/uav/status': () => envelope({ enabled: false }) });
    show();
    expect(await screen.findByTestId('uav-disabled')).toHaveTextContent('未配置无人机服务');
    expect(requestsTo(requests, '/api/uav/task')).toHaveLength(0);
  });

  it('lists the caller’s tasks with their state and result, and refreshes', async () => {
    const requests = server();
    show();
    const list = await screen.findByTestId('uav-tasks');
    expect(await within(list).findByText('江汉平原巡查')).toBeInTheDocument();
    const tags = within(list).getAllByTestId('uav-status-tag');
    expect(tags.map((tag) => tag.textContent)).toEqual(['飞行中', '已完成']);
    expect(within(list).getByText('2026-06-01 至 2026-08-31')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: '查看' })).toHaveAttribute(
      'href',
      'https://uav.example.cn/result/t-2',
    );
    await userEvent.click(screen.getByTestId('uav-refresh'));
    await waitFor(() => expect(requestsTo(requests, '/api/uav/task')).toHaveLength(2));
  });

  it('shows the service’s failure in the list’s place', async () => {
    server({
      'GET /api/uav/task': () =>
        envelope(null, { code: 502, status: 502, message: '无人机服务响应超时，请稍后重试' }),
    });
    show();
    expect(await screen.findByTestId('uav-tasks-error')).toHaveTextContent(
      '无人机服务响应超时，请稍后重试',
    );
  });

  it('checks the form, sends the drawn area and lists the new task', async () => {
    const requests = server({
      'POST /api/uav/task': () => envelope({ id: 't-3', status: 'queued' }),
    });
    show();
    await userEvent.click(await screen.findByTestId('uav-submit'));
    expect(screen.getByTestId('uav-problem')).toHaveTextContent('请填写任务名称');
    await userEvent.type(screen.getByTestId('uav-name'), ' 汉江巡查 ');
    await userEvent.click(screen.getByTestId('uav-submit'));
    expect(screen.getByTestId('uav-problem')).toHaveTextContent('请在地图上绘制任务范围');
    expect(requestsTo(requests, '/api/uav/task').filter((r) => r.method === 'POST')).toEqual([]);

    await waitFor(() => expect(draw.shape).toBeTypeOf('function'));
    act(() => draw.shape?.(SQUARE));
    expect(screen.getByTestId('uav-draw-hint')).toHaveTextContent('已绘制任务范围');
    await userEvent.click(screen.getByTestId('uav-submit'));
    expect(await screen.findByTestId('uav-added')).toHaveTextContent('任务已提交（t-3）');
    const [post] = requestsTo(requests, '/api/uav/task').filter((r) => r.method === 'POST');
    const today = dayjs().startOf('day');
    expect(await post?.json()).toEqual({
      name: '汉江巡查',
      geojson: SQUARE.geometry,
      start: today.format('YYYY-MM-DD'),
      end: today.add(1, 'month').format('YYYY-MM-DD'),
    });
    // The list is asked again for the new task.
    await waitFor(() =>
      expect(requestsTo(requests, '/api/uav/task').filter((r) => r.method === 'GET')).toHaveLength(
        2,
      ),
    );
  });

  it('shows the server’s refusal above the form', async () => {
    server({
      'POST /api/uav/task': () =>
        envelope(null, {
          code: 400,
          status: 400,
          message: '任务范围不在本单位权限范围（湖北省）内，请在权限范围内绘制或上传',
        }),
    });
    show();
    await userEvent.type(await screen.findByTestId('uav-name'), '省外');
    await waitFor(() => expect(draw.shape).toBeTypeOf('function'));
    act(() => draw.shape?.(SQUARE));
    await userEvent.click(screen.getByTestId('uav-submit'));
    expect(await screen.findByTestId('uav-refused')).toHaveTextContent(
      '任务范围不在本单位权限范围（湖北省）内',
    );
  });
});

describe('taskProblem', () => {
  const form = (start: string, end: string) => ({
    ...emptyForm(),
    name: '巡查',
    drawn: SQUARE,
    period: [dayjs(start), dayjs(end)] as [dayjs.Dayjs, dayjs.Dayjs],
  });

  it('takes a period of up to a year and refuses a reversed or longer one', () => {
    expect(taskProblem(form('2024-01-01', '2024-12-31'))).toBeNull();
    expect(taskProblem(form('2026-06-02', '2026-06-01'))).toBe('开始日期不能晚于结束日期');
    expect(taskProblem(form('2025-01-01', '2026-01-01'))).toBe('监测时段最长一年');
    expect(taskProblem({ ...form('2026-06-01', '2026-06-02'), name: '名'.repeat(51) })).toBe(
      '任务名称最多 50 个字符',
    );
    expect(taskProblem({ ...form('2026-06-01', '2026-06-02'), period: null })).toBe(
      '请选择监测时段',
    );
  });
});
