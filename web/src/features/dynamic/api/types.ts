// The dynamic analysis's wire types (src/api/schema.d.ts, generated from the server).
import type { components, operations } from '../../../api/schema';

export type ThemeInfo = components['schemas']['ThemeInfo'];
export type ThemeName = components['schemas']['ThemeName'];
export type Batch = components['schemas']['Batch'];
/** What changed between two batches over a region and the regions one level down. */
export type Dynamic = components['schemas']['Dynamic'];
export type DynamicRegion = components['schemas']['DynamicRegion'];
export type DynamicTallies = components['schemas']['DynamicTallies'];
export type Tally = components['schemas']['Tally'];
/** The two batches and the filters (xzqdm, …) of an analysis. */
export type DynamicQuery = operations['dynamic_analysis']['parameters']['query'];
