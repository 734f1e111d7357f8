// The image query's data as the server sends and takes it, from the generated schema: GeoJSON,
// select modes, sort keys and list kinds are typed there.
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

export type Satellite = Schemas['Satellite'];
export type Sensor = Schemas['Sensor'];
export type Catalogue = Schemas['Catalogue'];
export type SatelliteChoice = Schemas['SatelliteChoice'];
export type AllIds = Schemas['AllIds'];

/** Where to search (AreaQuery): select mode and what it needs. */
export type AreaQuery = Schemas['AreaQuery'];

/** A select mode (spec §4): 1 region, 2 extent, 3 uploaded area, 4 drawn, 5 uploaded list. */
export type SelectMode = Schemas['SelectMode'];

/** The order of results. */
export type Sort = Schemas['Sort'];

/** A search (SceneQuery). */
export type SceneQuery = Schemas['SceneQuery'];

export type SceneItem = Schemas['SceneItem'];

export type ScenePage = Schemas['ScenePage'];

/** POST upload/shp: the uploaded area of interest (its geojson a WGS84 MultiPolygon). */
export type UploadedShape = Schemas['AreaUpload'];

/** What an uploaded list holds: file names or path/rows. */
export type UploadKind = Schemas['ListKind'];

/** POST upload/file: the uploaded list. */
export type UploadedList = Schemas['ListUpload'];

/** The fewest scenes reaching the best coverage. */
export type CoverageSuggestion = Schemas['Suggestion'];

/** POST coverage / coveragebyids (its two parts WGS84 MultiPolygons). */
export type Coverage = Schemas['Coverage'];

/** The body of coveragebyids, covershp and notcovershp. */
export type CoverageByIds = Schemas['IdsInArea'];

type Corner = [number, number];

/** POST fallfigure: one quick-look placed on the map, its corners as the map takes them. */
export type FallFigure = Omit<Schemas['FallFigure'], 'coordinates'> & {
  coordinates: [Corner, Corner, Corner, Corner];
};
