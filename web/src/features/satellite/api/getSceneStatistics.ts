// GET /api/satellite/statistics: scenes per satellite, and per satellite and month.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type SceneStatistics = components['schemas']['SceneStatistics'];

/** Months the analysis counts back (the server allows up to 120). */
export const ANALYSIS_MONTHS = 24;

export function getSceneStatistics(months: number): Promise<SceneStatistics> {
  return unwrap(api.GET('/api/satellite/statistics', { params: { query: { months } } }));
}

export function useSceneStatistics(months: number) {
  return useQuery({
    queryKey: ['satellite', 'statistics', months],
    queryFn: () => getSceneStatistics(months),
  });
}
