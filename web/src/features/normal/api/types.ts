// The image query's data as the server sends it, from the generated schema; where the schema
// types GeoJSON loosely, the geometry types are written here.
import type { MultiPolygon, Polygon } from 'geojson';
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

export type Satellite = Schemas['Satellite'];
export type Sensor = Schemas['Sensor'];
export type Catalogue = Schemas['Catalogue'];
export type SatelliteChoice = Schemas['SatelliteChoice'];
export type AllIds = Schemas['AllIds'];

/** Where to search (AreaQuery): select mode and what it needs. */
export type AreaQuery = Omit<Schemas['AreaQuery'], 'geojson'> & { geojson?: Polygon | null };

/** A body as the generated schema types it: GeoJSON as an object of unknown shape. */
export type Wire<B> = Omit<B, 'geojson'> & { geojson?: Record<string, never> | null };

/** `body` for the typed client: a Polygon is not an object of unknown shape to TypeScript. */
export function wire<B extends { geojson?: Polygon | null }>(body: B): Wire<B> {
  return body as unknown as Wire<B>;
}

/** A search (SceneQuery). */
export type SceneQuery = AreaQuery & Omit<Schemas['SceneQuery'], keyof Schemas['AreaQuery']>;

export type SceneItem = Omit<Schemas['SceneItem'], 'footprint'> & { footprint: Polygon };

export type ScenePage = Omit<Schemas['ScenePage'], 'list'> & { list: SceneItem[] };

/** POST upload/shp: the uploaded area of interest (its geojson a WGS84 MultiPolygon). */
export type UploadedShape = Omit<Schemas['AreaUpload'], 'geojson'> & { geojson: MultiPolygon };

/** What an uploaded list holds: file names or path/rows. */
export type UploadKind = 'filename' | 'pathrow';

/** POST upload/file: the uploaded list. */
export type UploadedList = Omit<Schemas['ListUpload'], 'kind'> & { kind: UploadKind };

/** The fewest scenes reaching the best coverage. */
export type CoverageSuggestion = Schemas['Suggestion'];

/** POST coverage / coveragebyids (its two parts WGS84 MultiPolygons). */
export type Coverage = Omit<Schemas['Coverage'], 'covered' | 'notCovered'> & {
  covered: MultiPolygon;
  notCovered: MultiPolygon;
};

/** The body of coveragebyids, covershp and notcovershp. */
export type CoverageByIds = AreaQuery & { ids: string[] };

type Corner = [number, number];

/** POST fallfigure: one quick-look placed on the map, its corners as the map takes them. */
export type FallFigure = Omit<Schemas['FallFigure'], 'coordinates'> & {
  coordinates: [Corner, Corner, Corner, Corner];
};
