// SEQUENCE's maps kept in step (pure; tested in sequence.test.ts): when one map moves, the
// others jump to its centre and zoom. A map that only followed reports the view it was given,
// which is no move, so nothing echoes back and forth.
import type { MapViewState } from '../../components/map/types';

export type View = Pick<MapViewState, 'center' | 'zoom'>;

/** Degrees and zoom levels below which two views are the same (what a jump rounds off). */
const TOLERANCE = 1e-7;

export function sameView(a: View | null, b: View): boolean {
  if (a === null) return false;
  return (
    Math.abs(a.zoom - b.zoom) < TOLERANCE &&
    Math.abs(a.center[0] - b.center[0]) < TOLERANCE &&
    Math.abs(a.center[1] - b.center[1]) < TOLERANCE
  );
}

/**
 * Keeps maps in step: `moved(index, view)` on each map's report gives the maps to move to
 * `view` (all but the one that moved), or none when the view is the one they share already.
 */
export class ViewSync {
  private shared: View | null = null;

  constructor(private readonly count: number) {}

  moved(index: number, view: View): number[] {
    if (sameView(this.shared, view)) return [];
    this.shared = { center: [view.center[0], view.center[1]], zoom: view.zoom };
    return Array.from({ length: this.count }, (_, other) => other).filter(
      (other) => other !== index,
    );
  }
}
