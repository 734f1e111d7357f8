// What the address of 图斑推送 selects (`?batch=ID&node=ID&record=ID&tab=…`, so that a link
// opens a batch or a record), the node a batch opens on, and the spots as the map draws them
// (pure; tested in selection.test.ts).
import type { FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import { bboxOf } from '../../../components/map/format';
import type { Bbox } from '../../../components/map/types';
import type { SpotBatchNode, SpotFeatures } from './api/types';

/** The lists of the page without a batch open. */
export type SpotTab = 'batches' | 'zdbh' | 'review';

export interface SpotSelection {
  batch: number | null;
  node: number | null;
  record: number | null;
  tab: SpotTab;
}

function id(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  return Number(value);
}

function tab(value: string | null): SpotTab {
  return value === 'zdbh' || value === 'review' ? value : 'batches';
}

/** The selection of an address's query; anything but a positive whole number is none. */
export function readSpotSelection(params: URLSearchParams): SpotSelection {
  return {
    batch: id(params.get('batch')),
    node: id(params.get('node')),
    record: id(params.get('record')),
    tab: tab(params.get('tab')),
  };
}

/** The query of a selection: no node without a batch; the tab only when it is not the first. */
export function spotSelectionParams({ batch, node, record, tab }: SpotSelection): URLSearchParams {
  const params = new URLSearchParams();
  if (batch !== null) {
    params.set('batch', String(batch));
    if (node !== null) params.set('node', String(node));
  } else if (tab !== 'batches') {
    params.set('tab', tab);
  }
  if (record !== null) params.set('record', String(record));
  return params;
}

/** The node a batch shows: the one asked for, else the first with spots, else the first. */
export function chosenSpotNode(
  nodes: readonly SpotBatchNode[],
  wanted: number | null,
): SpotBatchNode | undefined {
  return (
    nodes.find((node) => node.nodeId === wanted) ??
    nodes.find((node) => node.spotCount > 0) ??
    nodes[0]
  );
}

export type DrawnSpots = FeatureCollection<Polygon | MultiPolygon>;

/** The spots that have a shape, each with its record id as `id` (what a click reports). */
export function drawableSpots(spots: SpotFeatures): DrawnSpots {
  return {
    type: 'FeatureCollection',
    features: spots.features.flatMap(({ geometry, ...feature }) =>
      geometry ? [{ ...feature, geometry }] : [],
    ),
  };
}

/** The box of every spot, or null when there is none. */
export function spotsBox(spots: DrawnSpots): Bbox | null {
  const rings = spots.features.flatMap(({ geometry }) =>
    geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat(),
  );
  return rings.length > 0 ? bboxOf(rings) : null;
}

/** A longitude and latitude the server takes (WGS 84), or why not. */
export function positionProblem(lon: number | null, lat: number | null): string | null {
  if (lon === null && lat === null) return null;
  if (lon === null || lat === null) return '经度和纬度需同时填写';
  if (lon < -180 || lon > 180) return '经度应在 -180 到 180 之间';
  if (lat < -90 || lat > 90) return '纬度应在 -90 到 90 之间';
  return null;
}

/**
 * A point in the middle of each spot's box, with the spot's properties: spots of a few hundred
 * metres are specks at a province's scale, their points are not.
 */
export function spotPoints(spots: DrawnSpots): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: spots.features.map((feature) => {
      const [west, south, east, north] = spotsBox({
        type: 'FeatureCollection',
        features: [feature],
      }) ?? [0, 0, 0, 0];
      return {
        type: 'Feature',
        properties: feature.properties,
        geometry: { type: 'Point', coordinates: [(west + east) / 2, (south + north) / 2] },
      };
    }),
  };
}
