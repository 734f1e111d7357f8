// POST /api/normal/v5/coverage (every scene a search finds) and coveragebyids (the checked
// ones): how much of the area of interest the scenes cover, what they leave out, and the
// fewest scenes that cover as much.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { Coverage, CoverageByIds, SceneQuery } from './types';

/** Over the checked scenes (`ids`), or over every result of the search. */
export type CoverageBasis = { ids: CoverageByIds } | { all: SceneQuery };

export function getCoverage(basis: CoverageBasis): Promise<Coverage> {
  return 'ids' in basis
    ? unwrap(api.POST('/api/normal/v5/coveragebyids', { body: basis.ids }))
    : unwrap(api.POST('/api/normal/v5/coverage', { body: basis.all }));
}

export function coverageQueryOptions(basis: CoverageBasis) {
  return queryOptions({
    queryKey: ['normal', 'coverage', basis],
    queryFn: () => getCoverage(basis),
  });
}

/** Nothing is asked while `basis` is null. */
export function useCoverage(basis: CoverageBasis | null) {
  return useQuery({
    ...coverageQueryOptions(basis ?? { ids: { selectMode: 1, ids: [] } }),
    enabled: basis !== null,
  });
}
