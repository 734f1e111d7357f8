// The plan areas as the map draws them: one layer, each area coloured by its state (the
// colours of PLAN_STATES), and the box to fit the map to (pure).
import { drawable, shapesBox } from '../../components/map/format';
import type { Bbox, MapLayer } from '../../components/map/types';
import { PLAN_STATES, type PlanAreaShapes, type PlanState } from './api/types';

/** The map layer of the plan areas (its count shows in the map's `data-overlays`). */
export const PLAN_LAYER = 'plan-areas';

/** The colour of an area in `state`. */
export function stateColour(state: PlanState): string {
  return PLAN_STATES.find((entry) => entry.value === state)?.colour ?? '#8c8c8c';
}

const BY_STATE = [
  'match',
  ['get', 'state'],
  ...PLAN_STATES.flatMap((entry) => [entry.value, entry.colour]),
  '#8c8c8c',
] as const;

/** The areas' layer and the box of every area (null when there is none). */
export function planLayer(shapes: PlanAreaShapes): { layer: MapLayer; box: Bbox | null } {
  const data = drawable(shapes);
  return {
    layer: {
      id: PLAN_LAYER,
      kind: 'geojson',
      data,
      paint: { fillColor: BY_STATE, fillOpacity: 0.3, lineColor: BY_STATE, lineWidth: 2 },
    },
    box: shapesBox(data),
  };
}
