// How a coverage answer (the image query's and a push batch's: the covered and the uncovered
// part of a region) is laid over the map, in the two colours every legend of it uses.
import type { Feature, MultiPolygon } from 'geojson';
import type { MapLayer } from './types';

/** The two parts of a coverage answer, WGS84. */
export interface CoverageParts {
  covered: MultiPolygon;
  notCovered: MultiPolygon;
}

/** Which parts the map shows. */
export interface CoverageLayers {
  covered: boolean;
  notCovered: boolean;
}

/** The colour of each part, on the map and in its legend. */
export const COVERAGE_COLORS: Record<keyof CoverageParts, string> = {
  covered: '#389e0d',
  notCovered: '#cf1322',
};

/** The map layers' ids, by part. */
export const COVERAGE_LAYER_IDS: Record<keyof CoverageParts, string> = {
  covered: 'covered',
  notCovered: 'not-covered',
};

function feature(geometry: MultiPolygon): Feature<MultiPolygon> {
  return { type: 'Feature', properties: {}, geometry };
}

/** The covered part, then the uncovered one outlined, each hidden unless `shown`. */
export function coverageLayers(parts: CoverageParts, shown: CoverageLayers): MapLayer[] {
  return [
    {
      id: COVERAGE_LAYER_IDS.covered,
      kind: 'geojson',
      data: feature(parts.covered),
      visible: shown.covered,
      paint: { fillColor: COVERAGE_COLORS.covered, fillOpacity: 0.35 },
    },
    {
      id: COVERAGE_LAYER_IDS.notCovered,
      kind: 'geojson',
      data: feature(parts.notCovered),
      visible: shown.notCovered,
      paint: {
        fillColor: COVERAGE_COLORS.notCovered,
        fillOpacity: 0.35,
        lineColor: COVERAGE_COLORS.notCovered,
        lineWidth: 1,
      },
    },
  ];
}
