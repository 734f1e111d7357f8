// The spot engine's wire types (src/api/schema.d.ts, generated from the server), by the
// names the monitoring page uses.
import type { components, operations } from '../../../api/schema';

/** A theme as its page is built from it: title, layer, dictionaries, own attributes, ramp. */
export type ThemeInfo = components['schemas']['ThemeInfo'];
export type ThemeName = components['schemas']['ThemeName'];
export type Batch = components['schemas']['Batch'];
export type Statistics = components['schemas']['Statistics'];
export type RegionTally = components['schemas']['RegionTally'];
export type ValueTally = components['schemas']['ValueTally'];
/** A count of spots and their area. */
export type Tally = components['schemas']['Tally'];
/** A theme's spots over a region batch by batch, oldest first (TREND, SEQUENCE's table). */
export type Trend = components['schemas']['Trend'];
export type TrendBatch = components['schemas']['TrendBatch'];
/** The cells with spots of a batch over a region at one grid level (GRID). */
export type GridStatistics = components['schemas']['GridStatistics'];
/** One cell: the Web Mercator tile (x, y) at the grid level, its spots and their cover. */
export type GridCell = components['schemas']['GridCell'];
/** A mode a theme's page offers: statistics, detail, grid, sequence or trend. */
export type ThemeMode = components['schemas']['ThemeMode'];
export type SpotSummary = components['schemas']['SpotSummary'];
export type SpotDetail = components['schemas']['SpotDetail'];
export type Attr = components['schemas']['Attr'];

/** The filters every spot route takes (batch, xzqdm, stage, tblx, filename, termChoose, termData). */
export type SpotFilterQuery = NonNullable<operations['export_excel']['parameters']['query']>;
/** GRID's question: the filters and the grid level (the Web Mercator zoom of its cells). */
export type GridQuery = SpotFilterQuery & { level: number };
/** The filters and a page (spotmeta). */
export type SpotListQuery = NonNullable<operations['spot_meta']['parameters']['query']>;
/** What the legend classifies spots by: all, tblx, stage or change. */
export type TermChoose = NonNullable<SpotFilterQuery['termChoose']>;
