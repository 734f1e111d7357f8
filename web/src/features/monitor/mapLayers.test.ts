import { describe, expect, it } from 'vitest';
import {
  CATEGORY_COLORS,
  CHOROPLETH,
  choroplethLayer,
  choroplethMinZoom,
  legendColors,
  spotFilter,
  spotsLayer,
} from './mapLayers';
import { ALL, DETAIL, defaultState, type MonitorState } from './state';

const origin = 'http://127.0.0.1:8080';

const detail = (change: Partial<MonitorState> = {}): MonitorState => ({
  ...defaultState({ typeDict: null }),
  mode: DETAIL,
  legend: { by: 'change', checked: [ALL] },
  ...change,
});

describe('the choropleth layer', () => {
  it('draws only the regions of the statistics from the region tiles, each by its class', () => {
    const layer = choroplethLayer(
      [
        { regionId: '420100', count: 4, areaM2: 10 },
        { regionId: '420200', count: 0, areaM2: 0 },
      ],
      'count',
      'green',
      origin,
    );
    expect(layer).toMatchObject({
      id: CHOROPLETH,
      kind: 'vector',
      tiles: [`${origin}/ows/cloudPlatform/wmts/region/{z}/{x}/{y}.pbf`],
      sourceLayer: 'region',
      interactive: true,
      filter: ['in', ['get', 'code'], ['literal', ['420100', '420200']]],
    });
    expect(layer.paint.fillColor).toEqual([
      'match',
      ['get', 'code'],
      '420100',
      '#1c7b31',
      '#cccccc',
    ]);
  });
});

describe('choroplethMinZoom', () => {
  it('is the zoom from which the region tiles carry the level below', () => {
    // The country's provinces show at any zoom, a province's cities from 5, a city's counties from 8.
    expect(choroplethMinZoom('100000')).toBe(0);
    expect(choroplethMinZoom('420000')).toBe(5);
    expect(choroplethMinZoom('420100')).toBe(8);
    expect(choroplethMinZoom('420111')).toBe(8);
  });
});

describe('the spot layer', () => {
  it('selects the batch shown and nothing else while 全部 is checked', () => {
    expect(spotFilter(detail(), '2025Q2')).toEqual([
      'all',
      ['==', ['to-string', ['get', 'batch']], '2025Q2'],
    ]);
  });

  it('selects like the list: stage, type, the legend values checked and the area', () => {
    const state = detail({
      stage: '2',
      tblx: '1',
      region: '420100',
      legend: { by: 'change', checked: ['1', '3'] },
    });
    expect(spotFilter(state, '2025Q2')).toEqual([
      'all',
      ['==', ['to-string', ['get', 'batch']], '2025Q2'],
      ['==', ['to-string', ['get', 'stage']], '2'],
      ['==', ['to-string', ['get', 'tblx']], '1'],
      ['in', ['to-string', ['get', 'change']], ['literal', ['1', '3']]],
      ['==', ['slice', ['to-string', ['get', 'xzqdm']], 0, 4], '4201'],
    ]);
    // The country is no limit at all.
    expect(spotFilter(detail({ region: '100000' }), null)).toEqual(['all']);
  });

  it("draws the theme's own tiles, coloured by what the legend classifies by", () => {
    const colors = legendColors('change', ['0', '1']);
    const layer = spotsLayer('windmill_meta', detail(), '2025Q2', colors, origin);
    expect(layer).toMatchObject({
      id: 'spots',
      tiles: [`${origin}/ows/cloudPlatform/wmts/windmill_meta/{z}/{x}/{y}.pbf`],
      sourceLayer: 'windmill_meta',
      interactive: true,
    });
    expect(layer.paint.fillColor).toEqual([
      'match',
      ['to-string', ['get', 'change']],
      '0',
      '#8c8c8c',
      '1',
      '#f5222d',
      '#e8590c',
    ]);
  });

  it('gives categories the colours of the category map, in order', () => {
    expect([...legendColors('stage', ['1', '2']).values()]).toEqual(CATEGORY_COLORS.slice(0, 2));
  });
});
