// GET /api/coverage/v1/statistics/{year}/{quarter}/{regionId}?resolution=&cloud=: how much of a
// region, and of each region one level below it, the catalogue's scenes of a year or quarter
// cover (the server answers from a raster it keeps per period; a first look at a period may
// take a second).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type CoverageStatistics = components['schemas']['CoverageStatistics'];
export type RegionCoverage = components['schemas']['RegionCoverage'];

/** What is counted: a year or quarter (0 the year), a resolution class (0 all), a cloud limit. */
export interface CoverageQuery {
  year: number;
  quarter: number;
  resolution: number;
  cloud: number;
}

export function coverageQueryOptions(query: CoverageQuery, regionId: string) {
  const { year, quarter, resolution, cloud } = query;
  return queryOptions({
    queryKey: ['coverage', 'statistics', year, quarter, resolution, cloud, regionId],
    queryFn: () =>
      unwrap(
        api.GET('/api/coverage/v1/statistics/{year}/{quarter}/{regionId}', {
          params: { path: { year, quarter, regionId }, query: { resolution, cloud } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The region's share in quarters 1–4 of the year. Asked one quarter after another, each from
 * the cache when the page has it: the server runs two statistics per visitor at a time, and
 * the page's own statistics is one of them.
 */
export function quarterTrendQueryOptions(
  queryClient: QueryClient,
  { year, resolution, cloud }: Omit<CoverageQuery, 'quarter'>,
  regionId: string,
) {
  return queryOptions({
    queryKey: ['coverage', 'trend', year, resolution, cloud, regionId],
    queryFn: async () => {
      const ratios: number[] = [];
      for (const quarter of [1, 2, 3, 4]) {
        const query = { year, quarter, resolution, cloud };
        const answer = await queryClient.fetchQuery(coverageQueryOptions(query, regionId));
        ratios.push(answer.region.ratio);
      }
      return ratios;
    },
  });
}
