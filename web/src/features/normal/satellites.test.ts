import { describe, expect, it } from 'vitest';
import type { Catalogue, Satellite } from './api/types';
import { choicesOf, keysOf, satelliteTree } from './satellites';

function satellite(value: string, properties: number): Satellite {
  return {
    value,
    label: value,
    properties,
    index: 1,
    checked: false,
    group: 'chinese/gf1',
    country: '中国',
    resolution: 2,
    type: 1,
  };
}

const sensor = (id: string) => ({ id, name: id, type: 1 });

const catalogue: Catalogue = {
  satellites: [satellite('GF1', 1), satellite('GF2', 1), satellite('S2A', 2)],
  sensors: {
    GF1: [sensor('PMS1'), sensor('PMS2'), sensor('WFV1')],
    GF2: [sensor('PMS1'), sensor('PMS2')],
    S2A: [sensor('MSI')],
  },
};

describe('the satellite filter', () => {
  it('groups the catalogue by origin, with sensors under satellites that have several', () => {
    const tree = satelliteTree(catalogue);
    expect(tree.map((group) => group.title)).toEqual(['国产', '国外']);
    expect(tree[0]?.children?.map((node) => node.value)).toEqual(['s:GF1', 's:GF2']);
    expect(tree[0]?.children?.[0]?.children?.map((node) => node.title)).toEqual([
      'PMS1',
      'PMS2',
      'WFV1',
    ]);
    expect(tree[1]?.children?.[0]).not.toHaveProperty('children');
  });

  it('turns checked groups, satellites and sensors into choices in catalogue order', () => {
    expect(choicesOf(['s:GF2', 'n:GF1:PMS1', 'n:GF1:PMS2'], catalogue)).toEqual([
      { satellite: 'GF1', sensors: ['PMS1', 'PMS2'] },
      { satellite: 'GF2', sensors: [] },
    ]);
    expect(choicesOf(['g:1'], catalogue)).toEqual([
      { satellite: 'GF1', sensors: [] },
      { satellite: 'GF2', sensors: [] },
    ]);
    expect(choicesOf([], catalogue)).toEqual([]);
  });

  it('shows the choices checked again', () => {
    const choices = [
      { satellite: 'GF1', sensors: ['PMS1', 'PMS2'] },
      { satellite: 'GF2', sensors: [] },
    ];
    expect(keysOf(choices)).toEqual(['n:GF1:PMS1', 'n:GF1:PMS2', 's:GF2']);
    expect(choicesOf(keysOf(choices), catalogue)).toEqual(choices);
  });
});
