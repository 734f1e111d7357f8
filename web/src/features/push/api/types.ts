// The push pages' data as the server sends it, from the generated schema.
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

/** A batch with the nodes the caller sees and what each received. */
export type PushBatch = Schemas['PushBatch'];

/** What one node of a batch received. */
export type NodePart = Schemas['NodePart'];

/** One scene delivered to one node. */
export type PushItem = Schemas['PushItem'];

/** A batch and a page of its items. */
export type PushDetail = Schemas['PushDetail'];

/** The footprints of a batch, clipped to their nodes' regions. */
export type PushFootprints = Schemas['Envelope_FeatureCollection_PushItem']['data'];

/** How much of a node's region the batch covers (the image query's coverage answer). */
export type PushCoverage = Schemas['Coverage'];
