import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { descriptionSlug, groupOfPath, imageQueryLink, typicalOwner } from './groups';

/** The catalogue's pages (crates/server/src/catalogue/data.rs `PAGES`), as the server lists them. */
const CATALOGUE_PAGES = [
  'chinese/zy102c',
  'chinese/zy102d',
  'chinese/cbers04a',
  'chinese/zy3',
  'chinese/gf1',
  'chinese/gf2',
  'chinese/gf3',
  'chinese/gf4',
  'chinese/gf5',
  'chinese/gf6',
  'chinese/gf7',
  'chinese/multimode',
  'chinese/goumang',
  'chinese/th01',
  'chinese/jl1',
  'chinese/bj2',
  'chinese/sv1',
  'chinese/zhuhai',
  'chinese/lsar',
  'chinese/csar',
  'chinese/gf1bcd',
  'global/optical/landsat',
  'global/optical/rapideye',
  'global/optical/planetscope',
  'global/optical/skysat',
  'global/optical/geoeye',
  'global/optical/worldview',
  'global/optical/sentinel2',
  'global/optical/spot',
  'global/optical/pleiades',
  'global/optical/irs',
  'global/optical/kompsat',
  'global/hyperspectral/prisma',
  'global/hyperspectral/eo1',
  'global/hyperspectral/enmap',
  'global/radar/radarsat',
  'global/radar/sentinel1',
  'global/radar/cosmoskymed',
  'global/radar/terrasarx',
  'global/radar/alos2',
  'global/radar/kompsat5',
  'global/laser/icesat2',
  'global/gravity/gracefo',
];

describe('the satellite pages and the catalogue groups', () => {
  const pages = appRoutes.filter(
    (route) =>
      route.page === 'satellite' &&
      (route.path.startsWith('/satellite/chinese/') || route.path.startsWith('/satellite/global/')),
  );

  it('map one to one: every page shows one catalogue group and every group has its page', () => {
    const groups = pages.map((route) => groupOfPath(route.path));
    expect(new Set(groups).size).toBe(pages.length);
    expect([...groups].sort()).toEqual([...CATALOGUE_PAGES].sort());
  });

  it('spell hyphens and moved pages as the catalogue does', () => {
    expect(groupOfPath('/satellite/chinese/gf1')).toBe('chinese/gf1');
    expect(groupOfPath('/satellite/global/optical/sentinel-2')).toBe('global/optical/sentinel2');
    expect(groupOfPath('/satellite/global/hyperspectral/eo-1')).toBe('global/hyperspectral/eo1');
    expect(groupOfPath('/satellite/global/radar/cosmo-skymed')).toBe('global/radar/cosmoskymed');
    expect(groupOfPath('/satellite/global/icesat-2')).toBe('global/laser/icesat2');
    expect(groupOfPath('/satellite/global/grace-fo')).toBe('global/gravity/gracefo');
  });

  it('leave the analysis and typical image pages alone', () => {
    expect(groupOfPath('/satellite/analysis/general-statistic')).toBeNull();
    expect(groupOfPath('/satellite/typicalImage/gf1')).toBeNull();
    expect(groupOfPath('/normal')).toBeNull();
  });

  it('name the description page and the pre-filled image query', () => {
    expect(descriptionSlug('chinese/gf1')).toBe('satellite/chinese/gf1');
    expect(imageQueryLink('ZY3-02')).toBe('/normal?sat=ZY3-02');
  });
});

describe('the typical image pages', () => {
  it('name the owner of their files by the address tail', () => {
    const owners = appRoutes
      .filter(
        (route) => route.page === 'satellite' && route.path.startsWith('/satellite/typicalImage/'),
      )
      .map((route) => typicalOwner(route.path));
    expect(owners).toEqual([
      'zy3/multispectral',
      'zy3/panchromatic',
      'zy3/forward',
      'zy3/backward',
      'gf1',
      'gf2',
      'gf4',
      'gf7/multispectral',
      'gf7/forward',
      'gf7/backward',
      'lsar/strip1',
      'lsar/strip2',
    ]);
    expect(typicalOwner('/satellite/chinese/gf1')).toBeNull();
  });
});
