// What the orbit page draws over the map (pure; tested in mapLayers.test.ts): an uploaded
// area, every ground track of the window, and the selected pass's reach, swath and track.
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import type { MapLayer } from '../../components/map/types';
import type { PassLine, Tracks } from './api/types';

/** Layer ids, bottom first; journeys count their features by these. */
export const AREA_LAYER = 'orbit_area';
export const TRACKS_LAYER = 'orbit_tracks';
export const REACH_LAYER = 'orbit_reach';
export const SWATH_LAYER = 'orbit_swath';
export const PASS_LAYER = 'orbit_pass';

/** Track colours by satellite, cycled. */
const TRACK_COLORS = ['#5b8ff9', '#5ad8a6', '#f6bd16', '#e8684a', '#6dc8ec', '#9270ca'];

/** Rings (closed, [lon, lat]) as one polygon each: the server splits them at ±180°. */
function ringsAsPolygons(rings: readonly number[][][], id: string): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: rings.map((ring, index) => ({
      type: 'Feature',
      properties: { id: `${id}-${index}` },
      geometry: { type: 'Polygon', coordinates: [ring] },
    })),
  };
}

/** The uploaded area, outlined. */
export function areaLayer(area: MultiPolygon): MapLayer {
  return {
    id: AREA_LAYER,
    kind: 'geojson',
    data: { type: 'Feature', properties: {}, geometry: area },
    paint: { fillColor: '#1677ff', fillOpacity: 0.12, lineColor: '#0b4aa2', lineWidth: 2 },
  };
}

/** Every satellite's ground track in the window, one colour each. */
export function tracksLayer(tracks: Tracks): MapLayer {
  const features: Feature<MultiLineString>[] = tracks.tracks.map((track, index) => ({
    type: 'Feature',
    properties: { id: track.satellite, color: TRACK_COLORS[index % TRACK_COLORS.length] },
    geometry: { type: 'MultiLineString', coordinates: track.lines },
  }));
  return {
    id: TRACKS_LAYER,
    kind: 'geojson',
    data: { type: 'FeatureCollection', features },
    paint: { lineColor: ['get', 'color'], lineWidth: 1 },
  };
}

/** The selected pass: what pointing can reach, the nadir swath, and the track on top. */
export function passLayers(line: PassLine): MapLayer[] {
  return [
    {
      id: REACH_LAYER,
      kind: 'geojson',
      data: ringsAsPolygons(line.reach, 'reach'),
      paint: {
        fillColor: '#fa8c16',
        fillOpacity: 0.1,
        lineColor: '#fa8c16',
        lineWidth: 1,
        lineDash: [2, 2],
      },
    },
    {
      id: SWATH_LAYER,
      kind: 'geojson',
      data: ringsAsPolygons(line.swath, 'swath'),
      paint: { fillColor: '#f5222d', fillOpacity: 0.25, lineColor: '#f5222d', lineWidth: 1 },
    },
    {
      id: PASS_LAYER,
      kind: 'geojson',
      data: {
        type: 'Feature',
        properties: { id: line.satellite },
        geometry: { type: 'MultiLineString', coordinates: line.track },
      },
      paint: { lineColor: '#cf1322', lineWidth: 3 },
    },
  ];
}
