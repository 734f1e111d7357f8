import { describe, expect, it } from 'vitest';
import { PUSH_LIMIT, allScenes, checkedScenes, defaultBatchName, pushedBatchPath } from './push';

describe('a manager’s push from the image query', () => {
  it('names the batch after the place and the Beijing date', () => {
    // 2026-11-26 17:30 UTC is already the 27th in Beijing.
    const now = new Date('2026-11-26T17:30:00Z');
    expect(defaultBatchName('湖北省', now)).toBe('湖北省影像推送 2026-11-27');
    expect(defaultBatchName(undefined, now)).toBe('影像推送 2026-11-27');
  });

  it('pushes the checked scenes when some are', () => {
    const scenes = checkedScenes(new Set(['a', 'b']));
    expect(scenes.ids).toEqual(['a', 'b']);
    expect(scenes.summary).toBe('将推送已选的 2 景');
    expect(scenes.warning).toBeUndefined();
  });

  it('pushes every result within the bound, and says so when there are more', () => {
    expect(allScenes({ ids: ['a', 'b', 'c'], total: 3 })).toEqual({
      ids: ['a', 'b', 'c'],
      summary: '未勾选影像，将推送本次查询的全部 3 景',
    });
    const many = Array.from({ length: PUSH_LIMIT + 5 }, (_, i) => `s${i}`);
    const over = allScenes({ ids: many, total: 25_000 });
    expect(over.ids).toHaveLength(PUSH_LIMIT);
    expect(over.summary).toBe('未勾选影像，将推送本次查询的前 10000 景');
    expect(over.warning).toContain('查询结果共 25000 景，一次最多推送 10000 景');
  });

  it('links to the batch on 影像推送', () => {
    expect(pushedBatchPath(42)).toBe('/push/image?batch=42');
  });
});
