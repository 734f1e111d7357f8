import { describe, expect, it } from 'vitest';
import { NOT_PUBLISHED, figure, satelliteFacts, sensorRow } from './facts';

describe('satellite facts', () => {
  it('write figures with units and say when a fact is unpublished', () => {
    expect(figure(640.34, '千米', 1)).toBe('640.3 千米');
    expect(figure(2, '米')).toBe('2 米');
    expect(figure(null, '米')).toBe(NOT_PUBLISHED);
    const facts = satelliteFacts({
      index: 9,
      label: '高分一号',
      value: 'GF1',
      checked: true,
      properties: 1,
      resolution: 2,
      type: 1,
      group: 'chinese/gf1',
      country: '中国',
      altitudeKm: 640.3,
      inclinationDeg: 97.9406,
      localTime: '10:30 降交点',
      swathKm: 60,
      bestResolutionM: 2,
      launchDate: '2013-04-26',
      noradId: 39150,
      operator: null,
      revisit: '4天（侧摆）',
    });
    expect(Object.fromEntries(facts.map((f) => [f.term, f.text]))).toMatchObject({
      运营机构: NOT_PUBLISHED,
      轨道倾角: '97.94 度',
      幅宽: '60 千米',
      重访周期: '4天（侧摆）',
      'NORAD 编号': '39150',
    });
  });

  it('give a sensor its kind and both resolutions', () => {
    expect(
      sensorRow({
        id: 'PMS1',
        name: '全色多光谱相机1',
        type: 1,
        resolutionM: 2,
        multispectralM: 8,
      }),
    ).toEqual(['PMS1', '全色多光谱相机1', '光学', '2 米', '8 米']);
    expect(sensorRow({ id: 'SL', name: '聚束模式', type: 3, resolutionM: null })).toEqual([
      'SL',
      '聚束模式',
      '雷达',
      NOT_PUBLISHED,
      '—',
    ]);
  });
});
