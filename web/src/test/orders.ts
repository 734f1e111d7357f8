// Orders, data requests and their dictionaries for component tests of the order pages.
import type { OrderRecord, RecordDetail } from '../api/getRecordDetail';
import type { RecordItem } from '../api/getRecordItems';
import { envelope } from './server';

/** 2026-11-26 09:30 in Beijing. */
export const NOV_26_0930 = Date.UTC(2026, 10, 26, 1, 30) / 1000;

export function testRecord(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 1,
    kind: 'order',
    code: 'DD20261126000001',
    username: 'hubei',
    status: 0,
    statusLabel: '待审核',
    purpose: '耕地核查',
    usage: '1',
    delivery: '1',
    reason: null,
    createdAt: NOV_26_0930,
    updatedAt: NOV_26_0930,
    deliveredAt: null,
    expiresAt: null,
    items: 2,
    sizeMb: 1280,
    ...overrides,
  };
}

export function testDetail(
  record: OrderRecord = testRecord(),
  actions: RecordDetail['actions'] = [],
): RecordDetail {
  return {
    record,
    history: [{ from: null, to: 0, label: '待审核', actor: 'hubei', note: null, at: NOV_26_0930 }],
    actions,
  };
}

export function testItem(id: number, url: string | null = null): RecordItem {
  return {
    id,
    sceneId: `GF1_${id}`,
    fileName: `GF1_${id}_L1A.tar.gz`,
    satellite: 'GF1',
    sensor: 'PMS1',
    acquiredAt: NOV_26_0930,
    cloud: 5,
    sizeMb: 640,
    url,
  };
}

export const page = <T>(list: T[], total = list.length) =>
  envelope({ total, pageNum: 1, pageSize: 20, list });

/** The dictionaries the order pages read. */
export function dictRoutes() {
  return {
    'GET /api/dict/ORDER_STATUS': () =>
      envelope(
        ['待审核', '审核通过', '生产中', '已完成', '已驳回', '已取消', '已撤回'].map(
          (label, value) => ({ value: String(value), label }),
        ),
      ),
    'GET /api/dict/REQUEST_STATUS': () =>
      envelope(
        ['待处理', '已受理', '已完成', '已驳回', '已取消'].map((label, value) => ({
          value: String(value),
          label,
        })),
      ),
    'GET /api/dict/ORDER_USAGE': () =>
      envelope([
        { value: '1', label: '国土调查' },
        { value: '2', label: '执法监测' },
      ]),
    'GET /api/dict/ORDER_DELIVERY': () =>
      envelope([
        { value: '1', label: '在线下载' },
        { value: '2', label: '介质拷贝' },
      ]),
  };
}
