// What the image query lays over the map (pure; tested in mapLayers.test.ts): quick-looks
// under everything, then the coverage, the uploaded area, the footprints of the page (which
// report hovering) and the hovered footprint on top.
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { coverageLayers, type CoverageLayers } from '../../components/map/coverage';
import type { MapLayer } from '../../components/map/types';
import type { Coverage, FallFigure, SceneItem } from './api/types';

/** The footprint layer's id: hovering it reports the scene id. */
export const FOOTPRINTS = 'footprints';

export type Footprints = FeatureCollection<Polygon, { id: string }>;

export function footprintsOf(list: readonly SceneItem[]): Footprints {
  return {
    type: 'FeatureCollection',
    features: list.map((item) => ({
      type: 'Feature',
      id: item.id,
      properties: { id: item.id },
      geometry: item.footprint,
    })),
  };
}

export interface QueryLayers {
  footprints: Footprints | null;
  /** Drawn stronger over the rest, e.g. while its row is hovered. */
  hovered: Feature<Polygon> | null;
  figures: readonly FallFigure[];
  /** The uploaded area of interest. */
  upload: Feature<MultiPolygon> | null;
  coverage: { data: Coverage; shown: CoverageLayers } | null;
  /** Page origin: the figures' addresses are made absolute with it. */
  origin: string;
}

export function queryLayers({
  footprints,
  hovered,
  figures,
  upload,
  coverage,
  origin,
}: QueryLayers): MapLayer[] {
  const layers: MapLayer[] = figures.map((figure) => ({
    id: `figure-${figure.id}`,
    kind: 'image',
    url: new URL(figure.url, origin).href,
    coordinates: figure.coordinates,
    paint: { rasterOpacity: 0.9 },
  }));
  if (coverage) layers.push(...coverageLayers(coverage.data, coverage.shown));
  if (upload) {
    layers.push({
      id: 'upload',
      kind: 'geojson',
      data: upload,
      paint: { fillColor: '#e8590c', fillOpacity: 0.12, lineColor: '#e8590c', lineWidth: 2 },
    });
  }
  if (footprints) {
    layers.push({
      id: FOOTPRINTS,
      kind: 'geojson',
      data: footprints,
      interactive: true,
      // A faint fill: hovering inside a footprint finds it, not only on its outline.
      paint: { fillColor: '#1677ff', fillOpacity: 0.04, lineColor: '#1677ff', lineWidth: 1.2 },
    });
  }
  if (hovered) {
    layers.push({
      id: 'footprint-hovered',
      kind: 'geojson',
      data: hovered,
      paint: { fillColor: '#faad14', fillOpacity: 0.3, lineColor: '#d46b08', lineWidth: 3 },
    });
  }
  return layers;
}
