import { describe, expect, it } from 'vitest';
import {
  positionProblem,
  readSpotSelection,
  spotSelectionParams,
  type SpotSelection,
} from './selection';
import { photoRefusal, stateSummary } from './states';

describe('the address of 图斑推送', () => {
  it('reads a batch, node, record and tab, and ignores anything else', () => {
    expect(readSpotSelection(new URLSearchParams('batch=7&node=1&record=11'))).toEqual({
      batch: 7,
      node: 1,
      record: 11,
      tab: 'batches',
    });
    expect(readSpotSelection(new URLSearchParams('batch=x&node=0&tab=review'))).toEqual({
      batch: null,
      node: null,
      record: null,
      tab: 'review',
    });
  });

  it('writes no node without a batch, and the tab only on the lists', () => {
    const at = (selection: Partial<SpotSelection>) =>
      spotSelectionParams({
        batch: null,
        node: null,
        record: null,
        tab: 'batches',
        ...selection,
      }).toString();
    expect(at({ node: 1 })).toBe('');
    expect(at({ tab: 'zdbh', record: 3 })).toBe('tab=zdbh&record=3');
    expect(at({ batch: 7, node: 1, tab: 'review' })).toBe('batch=7&node=1');
  });
});

describe('what the page checks before the server', () => {
  it('takes a position of both coordinates within WGS 84, or none', () => {
    expect(positionProblem(null, null)).toBeNull();
    expect(positionProblem(114.3, 30.5)).toBeNull();
    expect(positionProblem(114.3, null)).toBe('经度和纬度需同时填写');
    expect(positionProblem(190, 30)).toBe('经度应在 -180 到 180 之间');
    expect(positionProblem(114, -91)).toBe('纬度应在 -90 到 90 之间');
  });

  it('takes JPEG and PNG photos of at most 5 MB, nine a record', () => {
    const png = { type: 'image/png', size: 1000 };
    expect(photoRefusal(png, 0)).toBeNull();
    expect(photoRefusal({ type: 'image/gif', size: 10 }, 0)).toBe('照片只能是 JPEG 或 PNG 格式');
    expect(photoRefusal({ ...png, size: 5 * 1024 * 1024 + 1 }, 0)).toBe('照片不能超过 5 MB');
    expect(photoRefusal(png, 9)).toBe('每个图斑最多上传 9 张照片');
  });

  it('sums records by state, leaving out the states without any', () => {
    expect(stateSummary({ pending: 3, draft: 0, submitted: 1, returned: 0, approved: 0 })).toBe(
      '待核查 3 · 已提交 1',
    );
    expect(stateSummary({ pending: 0, draft: 0, submitted: 0, returned: 0, approved: 0 })).toBe(
      '暂无核查记录',
    );
  });
});
