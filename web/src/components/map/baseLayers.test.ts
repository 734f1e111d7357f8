import { describe, expect, it } from 'vitest';
import {
  expandTileUrl,
  offeredBaseLayers,
  rasterStyle,
  sameBaseLayer,
  vecBaseLayer,
} from './baseLayers';

const origin = 'http://127.0.0.1:8080';

describe('offeredBaseLayers', () => {
  it('offers only the offline vector map without settings', () => {
    expect(offeredBaseLayers({}, origin)).toEqual([
      {
        id: 'VEC',
        name: '矢量底图',
        kind: 'style',
        urls: ['http://127.0.0.1:8080/ows/cloudPlatform/style/vec.json'],
      },
    ]);
    expect(offeredBaseLayers({ tiandituToken: '  ', xyzUrl: '' }, origin)).toHaveLength(1);
  });

  it('adds Tianditu vector and imagery, with labels, once a token is set', () => {
    const layers = offeredBaseLayers({ tiandituToken: 'abc' }, origin);
    expect(layers.map((layer) => layer.id)).toEqual(['VEC', 'TIANDITU_VEC', 'TIANDITU_IMG']);
    const [, vec, img] = layers;
    expect(vec?.urls).toHaveLength(2);
    expect(vec?.urls[0]).toContain('/vec_w/wmts?');
    expect(vec?.urls[1]).toContain('LAYER=cva');
    expect(img?.urls[0]).toContain('LAYER=img');
    expect(img?.urls[1]).toContain('LAYER=cia');
    expect(img?.urls[0]).toMatch(/TILEMATRIX=\{z\}&TILEROW=\{y\}&TILECOL=\{x\}&tk=abc$/);
  });

  it('adds an XYZ map under its configured name', () => {
    const layers = offeredBaseLayers(
      { xyzUrl: 'https://tiles.example/{z}/{x}/{y}.png', xyzName: '影像' },
      origin,
    );
    expect(layers[1]).toEqual({
      id: 'XYZ',
      name: '影像',
      kind: 'raster',
      urls: ['https://tiles.example/{z}/{x}/{y}.png'],
    });
    expect(offeredBaseLayers({ xyzUrl: 'https://t/{z}/{x}/{y}' }, origin)[1]?.name).toBe(
      '在线底图',
    );
  });
});

describe('rasterStyle', () => {
  it('draws each template as a raster layer, the first at the bottom', () => {
    const style = rasterStyle({
      id: 'X',
      name: 'x',
      kind: 'raster',
      urls: ['https://a/{z}/{x}/{y}', 'https://t{s}.b/{z}/{x}/{y}'],
      attribution: '天地图',
    });
    expect(style.version).toBe(8);
    expect(style.layers).toEqual([
      { id: 'base-0', type: 'raster', source: 'base-0' },
      { id: 'base-1', type: 'raster', source: 'base-1' },
    ]);
    expect(style.sources['base-0']).toEqual({
      type: 'raster',
      tiles: ['https://a/{z}/{x}/{y}'],
      tileSize: 256,
      attribution: '天地图',
    });
    expect(style.sources['base-1']?.tiles).toHaveLength(8);
  });
});

describe('expandTileUrl', () => {
  it('spreads {s} over hosts 0 to 7', () => {
    expect(expandTileUrl('https://t{s}.x/{z}')).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((n) => `https://t${n}.x/{z}`),
    );
  });
});

describe('sameBaseLayer', () => {
  it('compares by what is drawn, not by object', () => {
    expect(sameBaseLayer(vecBaseLayer(origin), vecBaseLayer(origin))).toBe(true);
    expect(sameBaseLayer(vecBaseLayer(origin), vecBaseLayer('http://other'))).toBe(false);
  });
});
