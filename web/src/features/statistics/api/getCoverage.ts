// GET /api/coverage/v1/statistics/{year}/{quarter}/{regionId}?resolution=&cloud=: how much of a
// region, and of each region one level below it, the catalogue's scenes of a year or quarter
// cover (the server answers from a raster it keeps per period; a first look at a period may
// take a second).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
