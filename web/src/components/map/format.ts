// How the map writes positions and boxes for people, and the wire's polygonal collections as
// the map draws them (pure; tested in format.test.ts).
import type { FeatureCollection, GeoJsonProperties, MultiPolygon, Polygon } from 'geojson';
import type { Bbox } from './types';

/** Polygonal features the map can draw. */
export type DrawnShapes = FeatureCollection<Polygon | MultiPolygon>;

/** The features that have a shape (the wire type of a collection allows none). */
export function drawable<
  F extends { geometry: Polygon | MultiPolygon | null; properties: unknown; id?: string },
>(collection: { features: readonly F[] }): DrawnShapes {
  return {
    type: 'FeatureCollection',
    features: collection.features.flatMap(({ geometry, id, properties }) =>
      geometry
        ? [{ type: 'Feature' as const, id, properties: properties as GeoJsonProperties, geometry }]
        : [],
    ),
  };
}

/** The box of every shape, or null when there is none to fit the map to. */
export function shapesBox(shapes: DrawnShapes): Bbox | null {
  const rings = shapes.features.flatMap(({ geometry }) =>
    geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat(),
  );
  return rings.length > 0 ? bboxOf(rings) : null;
}

function degrees(value: number, positive: string, negative: string, digits: number): string {
  return `${value < 0 ? negative : positive} ${Math.abs(value).toFixed(digits)}°`;
}

/** e.g. 东经 114.3521°  北纬 30.5123° (four decimals: about 10 m). */
export function formatLngLat([lon, lat]: readonly [number, number]): string {
  return `${degrees(lon, '东经', '西经', 4)}  ${degrees(lat, '北纬', '南纬', 4)}`;
}

/** The box of a polygon's coordinates, [west, south, east, north]. */
export function bboxOf(rings: readonly (readonly (readonly number[])[])[]): Bbox {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [lon = NaN, lat = NaN] of ring) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return [west, south, east, north];
}
