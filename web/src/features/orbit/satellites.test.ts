import { describe, expect, it } from 'vitest';
import { SATELLITES } from './fixtures';
import { afterCheck, filtered, quickPick, satelliteTree, togglePick } from './satellites';

describe('the satellite picker', () => {
  it('groups by origin, then by series page of two or more satellites', () => {
    expect(satelliteTree(SATELLITES)).toEqual([
      {
        key: 'origin:1',
        title: '国产（5 颗）',
        children: [
          { key: 'GF1', title: '高分一号（GF1）' },
          {
            key: 'group:chinese/gf1bcd',
            title: 'GF1BCD（2 颗）',
            children: [
              { key: 'GF1B', title: '高分一号B星（GF1B）' },
              { key: 'GF1C', title: '高分一号C星（GF1C）' },
            ],
          },
          { key: 'GF3', title: '高分三号（GF3）' },
          { key: 'ZY3-02', title: '资源三号02星（ZY3-02）' },
        ],
      },
      {
        key: 'origin:2',
        title: '国外（1 颗）',
        children: [{ key: 'S2A', title: '哨兵2A（S2A）' }],
      },
    ]);
  });

  it('narrows by payload type and resolution class', () => {
    expect(filtered(SATELLITES, { types: [3], resolutions: [] }).map((s) => s.value)).toEqual([
      'GF3',
    ]);
    expect(filtered(SATELLITES, { types: [1], resolutions: [3] }).map((s) => s.value)).toEqual([
      'S2A',
    ]);
    expect(filtered(SATELLITES, { types: [], resolutions: [] })).toHaveLength(6);
  });

  it('takes the checks of the shown satellites and keeps the hidden choices', () => {
    const radar = filtered(SATELLITES, { types: [3], resolutions: [] });
    expect(afterCheck(['GF1', 'GF3'], radar, [])).toEqual(['GF1']);
    expect(afterCheck(['GF1'], SATELLITES, ['group:chinese/gf1bcd', 'GF1B', 'GF1C'])).toEqual([
      'GF1B',
      'GF1C',
    ]);
  });

  it('adds a series at once, and takes it away when it was all chosen', () => {
    const gf = quickPick(SATELLITES, 'GF');
    expect(gf).toEqual(['GF1', 'GF1B', 'GF1C', 'GF3']);
    expect(togglePick(['ZY3-02', 'GF1'], gf)).toEqual(['ZY3-02', 'GF1', 'GF1B', 'GF1C', 'GF3']);
    expect(togglePick(['ZY3-02', ...gf], gf)).toEqual(['ZY3-02']);
  });
});
