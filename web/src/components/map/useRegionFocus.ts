// What a map shows for a chosen region: its box to zoom to and its outline to highlight.
import { useRegion } from '../../api/getRegion';
import { useRegionShapes, type RegionShapes } from '../../api/getRegionShapes';
import type { Bbox } from './types';

export interface RegionFocus {
  extent: Bbox | null;
  highlight: RegionShapes | null;
}

function asBbox(box: readonly number[] | undefined): Bbox | null {
  const [west, south, east, north] = box ?? [];
  if (west === undefined || south === undefined || east === undefined || north === undefined)
    return null;
  return [west, south, east, north];
}

/** The extent and highlight of region `code`; nothing while `code` is null. */
export function useRegionFocus(code: string | null): RegionFocus {
  const region = useRegion(code);
  const shapes = useRegionShapes(code ? [code] : []);
  return {
    extent: code ? asBbox(region.data?.bbox) : null,
    highlight: code ? (shapes.data ?? null) : null,
  };
}
