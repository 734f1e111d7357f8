// What a map shows for a chosen region: its box to zoom to and its outline to highlight.
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useMemo } from 'react';
import { useRegion } from '../../api/getRegion';
import { useRegionShapes, type RegionShapes } from '../../api/getRegionShapes';
import { asBbox, type Bbox } from './types';

export interface RegionFocus {
  extent: Bbox | null;
  highlight: FeatureCollection<Polygon | MultiPolygon> | null;
}

/** The shapes the map can draw: a region without display geometry has none to draw. */
function drawable(shapes: RegionShapes): FeatureCollection<Polygon | MultiPolygon> {
  return {
    type: 'FeatureCollection',
    features: shapes.features.flatMap(({ geometry, ...feature }) =>
      geometry ? [{ ...feature, geometry }] : [],
    ),
  };
}

/** The extent and highlight of region `code`; nothing while `code` is null. */
export function useRegionFocus(code: string | null): RegionFocus {
  const region = useRegion(code);
  const shapes = useRegionShapes(code ? [code] : []);
  // Made once per answer, so that the map sees the same highlight until the region changes.
  const highlight = useMemo(() => (shapes.data ? drawable(shapes.data) : null), [shapes.data]);
  return {
    extent: code ? asBbox(region.data?.bbox) : null,
    highlight: code ? highlight : null,
  };
}
