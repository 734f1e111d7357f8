// GET /api/satellite/image/now/{x}: a satellite's newest scenes with their quick-looks.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type LatestScenes = components['schemas']['LatestScenes'];
export type LatestScene = components['schemas']['LatestScene'];

export function getLatestScenes(satellite: string, size: number): Promise<LatestScenes> {
  return unwrap(
    api.GET('/api/satellite/image/now/{x}', {
      params: { path: { x: satellite }, query: { size } },
    }),
  );
}

/** The newest `size` scenes; asked only when the satellite has any (`enabled`). */
export function useLatestScenes(satellite: string, size: number, enabled: boolean) {
  return useQuery({
    queryKey: ['satellite', 'latest', satellite, size],
    queryFn: () => getLatestScenes(satellite, size),
    enabled,
  });
}
