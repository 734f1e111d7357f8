// What a map shows for a chosen region: its box to zoom to and its outline to highlight.
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useMemo } from 'react';
import { useRegion } from '../../api/getRegion';
import { useRegionShapes } from '../../api/getRegionShapes';
import { drawable } from './format';
import { asBbox, type Bbox } from './types';

export interface RegionFocus {
  extent: Bbox | null;
  highlight: FeatureCollection<Polygon | MultiPolygon> | null;
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
