// The payload types the image query filters by.
import { PAYLOAD_KINDS } from '../../lib/catalogueCodes';

/** Payload types the image query filters by: the imaging ones. */
export const PAYLOAD_TYPES = PAYLOAD_KINDS.filter((kind) => kind.value <= 3);
