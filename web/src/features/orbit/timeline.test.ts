import { describe, expect, it } from 'vitest';
import { PASSES, pass } from './fixtures';
import { dayTicks, passKey, timelineRows } from './timeline';

describe('the timeline', () => {
  it('has a row per satellite in the order asked, each pass a bar placed in the window', () => {
    const rows = timelineRows(PASSES.passes, PASSES.start, PASSES.end, ['ZY3-02', 'GF1']);
    expect(rows.map((row) => [row.satellite, row.label, row.bars.length])).toEqual([
      ['ZY3-02', '资源三号02星', 1],
      ['GF1', '高分一号', 2],
    ]);
    const [first] = rows[1]!.bars;
    const week = 7 * 86_400 - 1;
    expect(first!.left).toBeCloseTo((11 * 3600 + 130) / week, 6);
    // 90 s of a week is narrower than the narrowest bar.
    expect(first!.width).toBe(0.002);
    expect(first!.key).toBe('GF1@2025-10-03T11:02:10+08:00');
  });

  it('keeps a short pass visible and a pass running past the window inside it', () => {
    const rows = timelineRows(
      [
        pass('GF1', '高分一号', '2025-10-03T11:00:00+08:00', '2025-10-03T11:00:01+08:00'),
        pass('GF1', '高分一号', '2025-10-09T23:59:58+08:00', '2025-10-10T00:01:00+08:00'),
        pass('GF1', '高分一号', '2025-10-05T00:00:00+08:00', '2025-10-05T02:00:00+08:00'),
      ],
      PASSES.start,
      PASSES.end,
    );
    const [short, late, long] = rows[0]!.bars;
    expect(short!.width).toBe(0.002);
    expect(long!.width).toBeCloseTo(7200 / (7 * 86_400 - 1), 6);
    expect(late!.left + late!.width).toBeLessThanOrEqual(1.002);
    expect(late!.left).toBeLessThanOrEqual(0.998);
  });

  it('puts satellites not in the order after the others, by value', () => {
    const rows = timelineRows(PASSES.passes, PASSES.start, PASSES.end, []);
    expect(rows.map((row) => row.satellite)).toEqual(['GF1', 'ZY3-02']);
  });

  it('ticks every Beijing midnight of the window', () => {
    const ticks = dayTicks(PASSES.start, PASSES.end);
    expect(ticks.map((tick) => tick.label)).toEqual([
      '10-03',
      '10-04',
      '10-05',
      '10-06',
      '10-07',
      '10-08',
      '10-09',
    ]);
    expect(ticks[0]!.left).toBe(0);
    expect(ticks[1]!.left).toBeCloseTo(86_400 / (7 * 86_400 - 1), 6);
    // A window given in UTC still ticks at Beijing midnight (16:00 UTC).
    expect(dayTicks('2025-10-03T12:00:00Z', '2025-10-04T12:00:00Z')).toEqual([
      { left: 1 / 6, label: '10-04' },
    ]);
  });

  it('keys a pass by satellite and start', () => {
    expect(passKey({ satellite: 'GF2', start: '2025-10-03T11:00:00+08:00' })).toBe(
      'GF2@2025-10-03T11:00:00+08:00',
    );
  });
});
