import { describe, expect, it } from 'vitest';
import { buildPickerOptions, parentsToLoad, valuePathOf } from './pickerOptions';

const provinces = [
  { id: '110000', name: '北京市', isLeaf: false },
  { id: '420000', name: '湖北省', isLeaf: false },
  { id: '430000', name: '湖南省', isLeaf: false },
];
const hubei = [
  { id: '420100', name: '武汉市', isLeaf: false },
  { id: '420200', name: '黄石市', isLeaf: false },
  { id: '429004', name: '仙桃市', isLeaf: true },
];
const wuhan = [
  { id: '420102', name: '江岸区', isLeaf: true },
  { id: '420111', name: '洪山区', isLeaf: true },
];

describe('buildPickerOptions', () => {
  it('offers the provinces, with the loaded levels below them', () => {
    const options = buildPickerOptions({
      children: new Map([
        ['100000', provinces],
        ['420000', hubei],
      ]),
    });
    expect(options.map((option) => option.label)).toEqual(['北京市', '湖北省', '湖南省']);
    expect(options[0]).toEqual({ value: '110000', label: '北京市', isLeaf: false });
    expect(options[1]?.children).toEqual([
      { value: '420100', label: '武汉市', isLeaf: false },
      { value: '420200', label: '黄石市', isLeaf: false },
      { value: '429004', label: '仙桃市', isLeaf: true },
    ]);
  });

  it('offers nothing before the provinces arrive', () => {
    expect(buildPickerOptions({ children: new Map() })).toEqual([]);
  });

  it('puts 全国 first when asked to', () => {
    const options = buildPickerOptions({
      children: new Map([['100000', provinces]]),
      includeCountry: true,
    });
    expect(options[0]).toEqual({ value: '100000', label: '全国', isLeaf: true });
    expect(options).toHaveLength(4);
  });

  it('offers only what a province range covers', () => {
    const options = buildPickerOptions({
      children: new Map([
        ['100000', provinces],
        ['420000', hubei],
      ]),
      limitTo: ['420000'],
      includeCountry: true,
    });
    expect(options.map((option) => option.value)).toEqual(['420000']);
    expect(options[0]?.passage).toBeUndefined();
    expect(options[0]?.children).toHaveLength(3);
  });

  it('leads to a county range through its parents, which cannot be chosen', () => {
    const options = buildPickerOptions({
      children: new Map([
        ['100000', provinces],
        ['420000', hubei],
        ['420100', wuhan],
      ]),
      limitTo: ['420111'],
    });
    expect(options).toEqual([
      {
        value: '420000',
        label: '湖北省',
        isLeaf: false,
        passage: true,
        children: [
          {
            value: '420100',
            label: '武汉市',
            isLeaf: false,
            passage: true,
            children: [{ value: '420111', label: '洪山区', isLeaf: true }],
          },
        ],
      },
    ]);
  });

  it('offers everything to a country range', () => {
    const options = buildPickerOptions({
      children: new Map([['100000', provinces]]),
      limitTo: ['100000'],
      includeCountry: true,
    });
    expect(options).toHaveLength(4);
  });
});

describe('valuePathOf', () => {
  it('drops the country from a lineage', () => {
    const lineage = [{ id: '100000' }, { id: '420000' }, { id: '420100' }, { id: '420111' }];
    expect(valuePathOf(lineage)).toEqual(['420000', '420100', '420111']);
  });

  it('keeps a county under its province when there is no city between', () => {
    expect(valuePathOf([{ id: '100000' }, { id: '420000' }, { id: '429004' }])).toEqual([
      '420000',
      '429004',
    ]);
  });

  it('keeps the country when it is the region', () => {
    expect(valuePathOf([{ id: '100000' }])).toEqual(['100000']);
  });
});

describe('parentsToLoad', () => {
  it('loads the provinces, the parents on the path and the opened options, once each', () => {
    expect(parentsToLoad(['420000', '420100', '420111'], ['420000', '430000'])).toEqual([
      '100000',
      '420000',
      '420100',
      '430000',
    ]);
    expect(parentsToLoad([], [])).toEqual(['100000']);
  });
});
