// The spot routes issue 15 adds on the server (GET …/gridstatistics/percent and
// …/trend/export/excel), typed here by the contract they are written to until the generated
// schema (src/api/schema.d.ts) has them. The client is the app's own, so the token, the
// envelope and the errors are handled as for every other call.
// TODO(lead): generated type — after `make openapi`, delete this file and call `api` with
// the generated paths (GridStatistics, GridCell from components['schemas']).
import type { Client } from 'openapi-fetch';
import { api, type Envelope } from '../../../api/client';
import type { paths } from '../../../api/schema';
import type { Batch, SpotFilterQuery, Tally, ThemeName } from './types';

/** GRID's question: the filters and the grid level (the Web Mercator zoom of its cells). */
export type GridQuery = SpotFilterQuery & { level: number };

/** One cell: the tile (x, y) of zoom `level`, its spots, their area and the share they cover. */
export interface GridCell {
  x: number;
  y: number;
  count: number;
  areaM2: number;
  /** Percent (0–100) of the cell's land the spots cover. */
  percent: number;
}

/** The cells with spots of a batch over a region (clipped to the caller's ranges). */
export interface GridStatistics {
  level: number;
  batch?: Batch | null;
  regionId: string;
  name: string;
  total: Tally;
  /** The largest of each measure over the cells (the legend's top). */
  max: Tally & { percent: number };
  cells: GridCell[];
}

/**
 * The attributes of a `grid_statistics_default` tile feature GRID colours by.
 * TODO(lead): generated type — check against the layer's attributes once it is merged.
 */
export const GRID_TILE_ATTRIBUTES = {
  count: 'count',
  area: 'area_m2',
  percent: 'percent',
} as const;

interface Operation<Query, Data> {
  parameters: { query: Query; path: { theme: ThemeName } };
  responses: { 200: { content: { 'application/json': Envelope<Data> } } };
}

interface PendingPaths {
  '/api/spot/v2/{theme}/gridstatistics/percent': { get: Operation<GridQuery, GridStatistics> };
  '/api/spot/v2/{theme}/trend/export/excel': { get: Operation<SpotFilterQuery, never> };
}

/** The app's client, knowing the pending routes. */
export const pendingApi = api as Client<paths & PendingPaths>;
