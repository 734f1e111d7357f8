// A manager's plan calls: the overlap of the units' needs, deciding edit requests, publishing
// a year's plan and its versions.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { PLAN_AREAS_KEY } from './areas';

export function overlapQueryOptions(planYear: number) {
  return queryOptions({
    queryKey: [...PLAN_AREAS_KEY, 'overlap', planYear],
    queryFn: () =>
      unwrap(api.GET('/api/plan-collaborative/overlap', { params: { query: { planYear } } })),
  });
}

export function publicationsQueryOptions(planYear: number) {
  return queryOptions({
    queryKey: [...PLAN_AREAS_KEY, 'publications', planYear],
    queryFn: () =>
      unwrap(api.GET('/api/plan-collaborative/publish', { params: { query: { planYear } } })),
  });
}

/** Grants or refuses (with a reason) an edit request; quiet: the page shows the refusal. */
export function decideEdit(id: number, decision: 'grant' | 'refuse', reason?: string) {
  return unwrap(
    api.POST('/api/plan-collaborative/apply-edit/{id}', {
      params: { path: { id } },
      body: { decision, reason },
    }),
    { quiet: true },
  );
}

/** Publishes every submitted area of `planYear` as the next version. */
export function publishPlan(planYear: number) {
  return unwrap(api.POST('/api/plan-collaborative/publish', { body: { planYear } }));
}
