// Orbit prediction's wire types (src/api/schema.d.ts, generated from the server).
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

/** The page's defaults and bounds, and the satellites with element sets. */
export type OrbitConfig = Schemas['OrbitConfig'];
export type OrbitSatellite = Schemas['OrbitSatellite'];
/** Passes or imaging opportunities in a window, and the satellites left out. */
export type PassList = Schemas['PassList'];
export type PassRow = Schemas['PassRow'];
export type Skipped = Schemas['Skipped'];
/** Imaging opportunities over any area (csj and its exports). */
export type OpportunityQuery = Schemas['OpportunityQuery'];
/** Nadir passes over a region. */
export type RegionPasses = Schemas['RegionPasses'];
/** Nadir passes over an uploaded area. */
export type UploadPasses = Schemas['UploadPasses'];
/** Satellites and window: what ground tracks are drawn for. */
export type TrackQuery = Schemas['TrackQuery'];
export type Tracks = Schemas['Tracks'];
/** One pass's track, swath and reach. */
export type PassLine = Schemas['PassLine'];
export type LineQuery = Schemas['LineQuery'];
