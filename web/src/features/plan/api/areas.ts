// A unit's plan areas (/api/plan-collaborative/…): the list and shapes the caller sees, and
// the unit's steps (save a draft, delete it, submit one or all, ask to edit a submitted one),
// and reading an area file (process-shp).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { fileForm } from '../../../api/uploadShape';
import type { PlanFilters, ProcessedShape, SavePlanArea } from './types';

/** Every query of plan areas starts with this key: a step refreshes them all. */
export const PLAN_AREAS_KEY = ['plan', 'areas'] as const;

export function planAreasQueryOptions(filters: PlanFilters, pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: [...PLAN_AREAS_KEY, 'list', filters, pageNum, pageSize],
    queryFn: () =>
      unwrap(
        api.GET('/api/plan-collaborative/list', {
          params: { query: { ...filters, pageNum, pageSize } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function planShapesQueryOptions(filters: PlanFilters & { planYear: number }) {
  return queryOptions({
    queryKey: [...PLAN_AREAS_KEY, 'geom', filters],
    queryFn: () =>
      unwrap(
        api.GET('/api/plan-collaborative/geom/{x}', {
          params: { path: { x: filters.planYear }, query: filters },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Saves a draft of `year` (a new one, or `id`'s); quiet: the form shows the refusal. */
export function savePlanArea(year: number, body: SavePlanArea) {
  return unwrap(
    api.POST('/api/plan-collaborative/save/{x}', { params: { path: { x: year } }, body }),
    { quiet: true },
  );
}

/** Reads an area file for a plan area (a refusal, e.g. outside the range, is a toast). */
export function processPlanShape(file: File): Promise<ProcessedShape> {
  return unwrap(api.POST('/api/plan-collaborative/process-shp', { body: fileForm(file) }));
}

export function deletePlanArea(id: number) {
  return unwrap(api.DELETE('/api/plan-collaborative/delete/id/{id}', { params: { path: { id } } }));
}

export function submitPlanArea(id: number) {
  return unwrap(api.POST('/api/plan-collaborative/submit/{x}', { params: { path: { x: id } } }));
}

/** Submits every draft of the caller's units in `planYear`. */
export function submitPlanAreas(planYear: number) {
  return unwrap(api.POST('/api/plan-collaborative/submit', { body: { planYear } }));
}

/** Asks to edit a submitted area; quiet: the dialog shows the refusal. */
export function applyEdit(id: number, reason: string) {
  return unwrap(api.POST('/api/plan-collaborative/apply-edit', { body: { id, reason } }), {
    quiet: true,
  });
}
