// The spot push pages' data as the server sends it, from the generated schema.
import type { components } from '../../../../api/schema';

type Schemas = components['schemas'];

/** A spot batch with the nodes the caller sees: each node's status, spots and records by state. */
export type SpotBatch = Schemas['SpotBatch'];

/** What one node of a spot batch received, and how far it is. */
export type SpotBatchNode = Schemas['SpotBatchNode'];

/** What a manager asks for when making a batch. */
export type NewSpotBatch = Schemas['NewSpotBatch'];

/** One verification record: a spot sent to a node, and what the node found. */
export type SpotCheck = Schemas['SpotCheck'];

/** A record with the spot's outline, its photos and its history. */
export type SpotCheckDetail = Schemas['SpotCheckDetail'];

/** Records counted by node × state and by result. */
export type SpotCheckStatistics = Schemas['SpotCheckStatistics'];

/** A step on a record: save, submit (a node's), approve, return (a manager's). */
export type ProcessSpotCheck = Schemas['ProcessSpotCheck'];

/** A record's verification state. */
export type CheckState = Schemas['State'];

/** Records by state. */
export type StateCounts = Schemas['StateCounts'];

/** A photo of a record. */
export type SpotPhoto = Schemas['Photo'];

/** A step of a record's history. */
export type CheckStep = Schemas['Step'];

/** The spot's centroid and box, and the position recorded. */
export type SpotPosition = Schemas['SpotPosition'];

/** A monitoring theme's route name. */
export type ThemeName = Schemas['ThemeName'];

/** The spots of a batch for one node (feature id = record id, properties = the record). */
export type SpotFeatures = Schemas['Envelope_FeatureCollection_SpotCheck']['data'];
