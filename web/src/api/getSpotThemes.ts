// GET /api/spot/v2/themes: the themes the caller may open, each with what its page is built
// from (title, layer, dictionaries, own attributes, ramp).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { spotKeys } from './spotKeys';
import type { components } from './schema';

type ThemeInfo = components['schemas']['ThemeInfo'];

export function getThemes(): Promise<ThemeInfo[]> {
  return unwrap(api.GET('/api/spot/v2/themes'));
}

export function themesQueryOptions() {
  return queryOptions({
    queryKey: spotKeys.themes,
    queryFn: getThemes,
    // A theme's configuration changes with a release, not during a visit.
    staleTime: Infinity,
  });
}

export function useThemes() {
  return useQuery(themesQueryOptions());
}
