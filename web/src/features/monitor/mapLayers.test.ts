import { describe, expect, it } from 'vitest';
import { choroplethMinZoom, classColors } from '../../components/map/choropleth';
import { tilesOf } from '../../components/map/tiles';
import {
  CATEGORY_COLORS,
  CHOROPLETH,
  GRID_CELLS,
  choroplethLayer,
  gridLayer,
  legendColors,
  spotFilter,
  spotsLayer,
  zonesLayer,
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

  it("draws the theme's own tiles of the batch shown, coloured by what the legend classifies by", () => {
    const colors = legendColors('change', ['0', '1']);
    const layer = spotsLayer('windmill_meta', detail(), '2025Q2', colors, origin);
    expect(layer).toMatchObject({
      id: 'spots',
      // The server serves the latest batch's spots unless the tiles name another.
      tiles: [
        `${origin}/ows/cloudPlatform/wmts/windmill_meta/{z}/{x}/{y}.pbf?viewparams=batch%3A2025Q2`,
      ],
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

describe('tilesOf', () => {
  it('names no viewparams when there are none, and leaves out the unset ones', () => {
    expect(tilesOf(origin, 'region')).toEqual([
      `${origin}/ows/cloudPlatform/wmts/region/{z}/{x}/{y}.pbf`,
    ]);
    expect(tilesOf(origin, 'windmill_meta', { batch: null })).toEqual(
      tilesOf(origin, 'windmill_meta'),
    );
    const [url] = tilesOf(origin, 'grid_statistics_default', {
      theme: 'pvland',
      level: 13,
      batch: undefined,
    });
    expect(
      decodeURIComponent(new URL(url!.replace(/[{}]/g, '')).searchParams.get('viewparams')!),
    ).toBe('theme:pvland;level:13');
  });
});

describe('the zones layer', () => {
  it("draws the theme's zone tiles of the batch, and the latest when none is named", () => {
    const layer = zonesLayer('pvland_zones', '2025Q2', origin);
    expect(layer).toMatchObject({ id: 'zones', kind: 'vector', sourceLayer: 'pvland_zones' });
    if (layer.kind !== 'vector') throw new Error('a vector layer');
    expect(layer.tiles[0]).toContain(
      '/wmts/pvland_zones/{z}/{x}/{y}.pbf?viewparams=batch%3A2025Q2',
    );
    const latest = zonesLayer('pvland_zones', null, origin);
    if (latest.kind !== 'vector') throw new Error('a vector layer');
    expect(latest.tiles[0]).toBe(`${origin}/ows/cloudPlatform/wmts/pvland_zones/{z}/{x}/{y}.pbf`);
  });
});

describe('the grid layer', () => {
  const grid = {
    theme: 'pvland' as const,
    level: 13,
    batch: '2025Q2',
    regionId: '420000',
    max: 50,
  };

  it('asks for the cells of the theme, level, batch and region through viewparams', () => {
    const layer = gridLayer(grid, 'count', 'green', origin);
    expect(layer).toMatchObject({
      id: GRID_CELLS,
      kind: 'vector',
      sourceLayer: 'grid_statistics_default',
    });
    if (layer.kind !== 'vector') throw new Error('a vector layer');
    const url = new URL(layer.tiles[0]!.replace(/[{}]/g, ''));
    expect(url.pathname).toBe('/ows/cloudPlatform/wmts/grid_statistics_default/z/x/y.pbf');
    expect(url.searchParams.get('viewparams')).toBe(
      'theme:pvland;level:13;batch:2025Q2;xzqdm:420000',
    );
  });

  it('colours a cell by its class of ten up to the largest value, none grey', () => {
    const value = ['to-number', ['get', 'count'], 0];
    const colors = classColors('green');
    const fill = gridLayer(grid, 'count', 'green', origin).paint.fillColor as unknown[];
    // 0 is no data; a value up to 5 (max/10) the lightest class; above 45 the darkest.
    expect(fill.slice(0, 6)).toEqual([
      'case',
      ['<=', value, 0],
      '#cccccc',
      ['<=', value, 5],
      colors[0],
      ['<=', value, 10],
    ]);
    expect(fill.at(-1)).toBe(colors[9]);
    // 'case', the no-data pair, nine classes' pairs, the darkest class.
    expect(fill).toHaveLength(1 + 2 + 9 * 2 + 1);
    // By area or cover, the attribute of that measure.
    expect(JSON.stringify(gridLayer(grid, 'area', 'green', origin).paint.fillColor)).toContain(
      '"area_m2"',
    );
    expect(JSON.stringify(gridLayer(grid, 'percent', 'green', origin).paint.fillColor)).toContain(
      '"percent"',
    );
  });

  it('draws every cell grey when no cell has spots', () => {
    expect(gridLayer({ ...grid, max: 0 }, 'count', 'green', origin).paint.fillColor).toBe(
      '#cccccc',
    );
  });
});
