// Region answers for component tests, as /api/region/v2 gives them (a few of the real rows).
import type { Region } from '../api/getRegion';
import { envelope } from './server';

const region = (
  id: string,
  name: string,
  level: number,
  parentRegionId: string | null,
  bbox: number[],
  isLeaf = false,
): Region => ({ id, name, shortName: name, level, parentRegionId, center: null, bbox, isLeaf });

export const regions = {
  country: region('100000', '中华人民共和国', 0, null, [73.5, 3.83, 135.09, 53.56]),
  hubei: region('420000', '湖北省', 1, '100000', [108.37, 29.04, 116.13, 33.28]),
  wuhan: region('420100', '武汉市', 2, '420000', [113.7, 29.97, 115.08, 31.36]),
  hongshan: region('420111', '洪山区', 3, '420100', [114.17, 30.38, 114.64, 30.7], true),
};

const option = ({ id, name, isLeaf }: Region) => ({ id, name, isLeaf });

/** The stub-server routes of the region picker and the map's region focus. */
export function regionRoutes() {
  const { country, hubei, wuhan, hongshan } = regions;
  return {
    'GET /api/region/v2/pid/100000/l': () =>
      envelope([
        { id: '110000', name: '北京市', isLeaf: false },
        option(hubei),
        { id: '430000', name: '湖南省', isLeaf: false },
      ]),
    'GET /api/region/v2/pid/420000/l': () =>
      envelope([option(wuhan), { id: '429004', name: '仙桃市', isLeaf: true }]),
    'GET /api/region/v2/pid/420100/l': () =>
      envelope([{ id: '420102', name: '江岸区', isLeaf: true }, option(hongshan)]),
    'GET /api/region/v2/id/420111/l': () => envelope([country, hubei, wuhan, hongshan]),
    'GET /api/region/v2/id/420111': () => envelope(hongshan),
    'GET /api/region/v2/pids/420111/s': () => envelope({ type: 'FeatureCollection', features: [] }),
  };
}
