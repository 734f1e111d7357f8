// The image query's data as the server sends it (the shared contract of issue 5). Types the
// generated schema has come from it; the rest are written from the contract until their
// routes land (see pendingRoutes.ts).
import type { MultiPolygon, Polygon } from 'geojson';
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

export type Satellite = Schemas['Satellite'];
export type Sensor = Schemas['Sensor'];
export type Catalogue = Schemas['Catalogue'];
export type SatelliteChoice = Schemas['SatelliteChoice'];
export type AllIds = Schemas['AllIds'];

/** Where to search (AreaQuery): select mode and what it needs. */
export type AreaQuery = Omit<Schemas['AreaQuery'], 'geojson'> & {
  geojson?: Polygon | null;
  /** An upload's id, with modes 3 and 5. */
  uploadId?: string | null;
};

/** A body as the generated schema types it: GeoJSON as an object of unknown shape. */
export type Wire<B> = Omit<B, 'geojson'> & { geojson?: Record<string, never> | null };

/** `body` for the typed client: a Polygon is not an object of unknown shape to TypeScript. */
export function wire<B extends { geojson?: Polygon | null }>(body: B): Wire<B> {
  return body as unknown as Wire<B>;
}

/** A search (SceneQuery) with the resolution and type filters. */
export type SceneQuery = AreaQuery &
  Omit<Schemas['SceneQuery'], keyof Schemas['AreaQuery']> & {
    /** Resolution classes 1–4; none: all. */
    resolutions?: number[];
    /** Payload types 1–5; none: all. */
    types?: number[];
  };

export type SceneItem = Omit<Schemas['SceneItem'], 'footprint'> & { footprint: Polygon };

export type ScenePage = Omit<Schemas['ScenePage'], 'list'> & { list: SceneItem[] };

/** POST upload/shp: the uploaded area of interest. */
export interface UploadedShape {
  uploadId: string;
  /** WGS84. */
  geojson: MultiPolygon;
  areaKm2: number;
  /** The CRS it was read in, e.g. EPSG:4490. */
  crs: string;
  parts: number;
  vertices: number;
  /** Invalid rings were repaired. */
  repaired: boolean;
}

/** What an uploaded list holds: file names or path/rows. */
export type UploadKind = 'filename' | 'pathrow';

/** POST upload/file: the uploaded list. */
export interface UploadedList {
  uploadId: string;
  kind: UploadKind;
  /** Entries read. */
  count: number;
  /** The first 100 entries. */
  entries: string[];
  /** Lines left out and why. */
  rejected: { line: number; text: string; reason: string }[];
}

/** The fewest scenes reaching the best coverage. */
export interface CoverageSuggestion {
  ids: string[];
  coveredAreaKm2: number;
  ratio: number;
}

/** POST coverage / coveragebyids. */
export interface Coverage {
  aoiAreaKm2: number;
  coveredAreaKm2: number;
  /** 0–1. */
  ratio: number;
  sceneCount: number;
  covered: MultiPolygon;
  notCovered: MultiPolygon;
  suggestion: CoverageSuggestion;
}

/** The body of coveragebyids, covershp and notcovershp. */
export type CoverageByIds = AreaQuery & { ids: string[] };

/** POST fallfigure: one quick-look placed on the map. */
export interface FallFigure {
  id: string;
  url: string;
  /** [lon, lat] × 4: top-left, top-right, bottom-right, bottom-left. */
  coordinates: [[number, number], [number, number], [number, number], [number, number]];
}
