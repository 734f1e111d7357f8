import { describe, expect, it } from 'vitest';
import {
  CLASS_COUNT,
  NO_DATA_COLOR,
  classColors,
  classOf,
  legendClasses,
  rampColors,
} from '../../components/map/choropleth';
import { regionFill } from './choropleth';

describe('the choropleth classes', () => {
  it('are ten, each max/10 wide, a boundary value in the class below it', () => {
    // max 50: classes of 5 spots.
    expect(classOf(1, 50)).toBe(0);
    expect(classOf(5, 50)).toBe(0);
    expect(classOf(6, 50)).toBe(1);
    expect(classOf(25, 50)).toBe(4);
    expect(classOf(26, 50)).toBe(5);
    expect(classOf(50, 50)).toBe(CLASS_COUNT - 1);
    // A boundary that floating point puts a hair above itself: 2.1 / 0.3 is 7.000000000000001.
    expect(classOf(0.6, 3)).toBe(1);
    expect(classOf(2.1, 3)).toBe(6);
  });

  it('give no class to no data: zero, missing, or nothing to compare with', () => {
    expect(classOf(0, 50)).toBeNull();
    expect(classOf(undefined, 50)).toBeNull();
    expect(classOf(3, 0)).toBeNull();
    expect(classOf(Number.NaN, 50)).toBeNull();
  });

  it('are listed for the legend from 0 to max', () => {
    const classes = legendClasses(7, 'green');
    expect(classes).toHaveLength(10);
    expect(classes[0]).toMatchObject({ from: 0, to: 0.7, color: '#cbf162' });
    expect(classes[9]?.to).toBeCloseTo(7);
    expect(classes[9]?.color).toBe('#1c7b31');
    expect(legendClasses(0, 'green')).toEqual([]);
  });
});

describe('the ramps', () => {
  it('go from light green #cbf162 to dark green #1c7b31 in ten colours', () => {
    const colors = classColors('green');
    expect(colors).toHaveLength(10);
    expect(colors[0]).toBe('#cbf162');
    expect(colors[9]).toBe('#1c7b31');
    expect(new Set(colors).size).toBe(10);
    // Evenly spaced: the middle of three colours is halfway.
    expect(rampColors(['#000000', '#ffffff'], 3)).toEqual(['#000000', '#808080', '#ffffff']);
  });

  it('go from yellow through orange to red in ten colours', () => {
    const colors = classColors('yellowRed');
    expect(colors).toHaveLength(10);
    expect(colors[0]).toBe('#ffe34d');
    expect(colors[9]).toBe('#c81e1e');
    // Redder at every step: green falls all the way.
    const greens = colors.map((color) => Number.parseInt(color.slice(3, 5), 16));
    expect(greens).toEqual([...greens].sort((a, b) => b - a));
  });
});

describe('regionFill', () => {
  const rows = [
    { regionId: '420100', count: 10, areaM2: 100 },
    { regionId: '420200', count: 1, areaM2: 900 },
    { regionId: '420300', count: 0, areaM2: 0 },
  ];

  it('colours each region with spots by its class, the rest no-data grey', () => {
    expect(regionFill(rows, 'count', 'green')).toEqual([
      'match',
      ['get', 'code'],
      '420100',
      '#1c7b31',
      '420200',
      '#cbf162',
      NO_DATA_COLOR,
    ]);
  });

  it('colours by area when asked', () => {
    const fill = regionFill(rows, 'area', 'green');
    // 900 is the largest area: 420200 is darkest now, 420100 (100 of 900) in class 1.
    expect(fill).toEqual([
      'match',
      ['get', 'code'],
      '420100',
      classColors('green')[1],
      '420200',
      '#1c7b31',
      NO_DATA_COLOR,
    ]);
  });

  it('is plain grey when no region has spots', () => {
    expect(regionFill([{ regionId: '420100', count: 0, areaM2: 0 }], 'count', 'green')).toBe(
      NO_DATA_COLOR,
    );
    expect(regionFill([], 'area', 'yellowRed')).toBe(NO_DATA_COLOR);
  });
});
