import { describe, expect, it } from 'vitest';
import type { ThemeInfo } from './api/types';
import {
  CHANGE_KINDS,
  changesLayer,
  comparableThemes,
  latestPair,
  pairProblem,
  regionAbove,
} from './changes';

const batch = (id: string) => ({ id, typeName: id });
const NEWEST_FIRST = [batch('2025Q2'), batch('2025Q1'), batch('2024Q4')];

describe('the dynamic analysis', () => {
  it('offers only the themes with two batches or more, in their order', () => {
    const theme = (name: ThemeInfo['name']) => ({ name }) as ThemeInfo;
    const batches: Partial<Record<string, ReturnType<typeof batch>[]>> = {
      pvland: NEWEST_FIRST,
      windmill: [batch('2025Q2')],
      steelplant: [batch('2025Q2'), batch('2025Q1')],
    };
    const offered = comparableThemes(
      [theme('steelplant'), theme('windmill'), theme('pvland'), theme('road')],
      (name) => batches[name],
    );
    expect(offered.map((t) => t.name)).toEqual(['steelplant', 'pvland']);
  });

  it('compares the two latest batches first, and refuses the same batch twice or a reversed pair', () => {
    expect(latestPair(NEWEST_FIRST)).toEqual({ from: '2025Q1', to: '2025Q2' });
    expect(latestPair([batch('2025Q2')])).toBeNull();
    expect(pairProblem({ from: '2025Q1', to: '2025Q2' }, NEWEST_FIRST)).toBeNull();
    expect(pairProblem({ from: '2024Q4', to: '2025Q2' }, NEWEST_FIRST)).toBeNull();
    expect(pairProblem({ from: '2025Q2', to: '2025Q2' }, NEWEST_FIRST)).toBe(
      '请选择两个不同的批次进行对比',
    );
    expect(pairProblem({ from: '2025Q2', to: '2025Q1' }, NEWEST_FIRST)).toBe(
      '前一批次应早于后一批次',
    );
    expect(pairProblem({ from: '1999Q1', to: '2025Q1' }, NEWEST_FIRST)).toBe(
      '对比批次不存在，请重新选择批次',
    );
  });

  it('goes up to the parent inside the ranges, else back to the home region', () => {
    const lineage = [{ id: '100000' }, { id: '420000' }, { id: '420100' }];
    expect(regionAbove(lineage, ['420000'])).toBe('420000');
    expect(regionAbove(lineage, ['420100'])).toBeNull();
    expect(regionAbove(lineage.slice(0, 2), ['100000'])).toBe('100000');
  });

  it('draws the changes of the pair in four colours, only within the region', () => {
    const layer = changesLayer('http://host', 'pvland', { from: '2025Q1', to: '2025Q2' }, '420100');
    expect(layer.kind).toBe('vector');
    if (layer.kind !== 'vector') return;
    expect(layer.tiles[0]).toBe(
      'http://host/ows/cloudPlatform/wmts/spot_dynamic/{z}/{x}/{y}.pbf?viewparams=theme%3Apvland%3Bfrom%3A2025Q1%3Bto%3A2025Q2',
    );
    expect(layer.sourceLayer).toBe('spot_dynamic');
    expect(layer.filter).toEqual(['==', ['slice', ['to-string', ['get', 'xzqdm']], 0, 4], '4201']);
    expect(layer.paint.fillColor).toEqual([
      'match',
      ['get', 'kind'],
      ...CHANGE_KINDS.flatMap((k) => [k.kind, k.color]),
      '#8a8f98',
    ]);
    expect(new Set(CHANGE_KINDS.map((k) => k.color)).size).toBe(4);
    const country = changesLayer('http://host', 'pvland', { from: 'a', to: 'b' }, '100000');
    expect(country.kind === 'vector' ? country.filter : 'not vector').toBeUndefined();
  });
});
