// POST /api/normal/v5/filenames: the scenes some file names name, and the names no scene has.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export function findFileNames(names: string[]) {
  return unwrap(api.POST('/api/normal/v5/filenames', { body: { names } }));
}

/** Which of these names no scene of the catalogue has; nothing is asked while null or empty. */
export function useMissingNames(names: string[] | null) {
  return useQuery({
    queryKey: ['normal', 'filenames', names],
    queryFn: async () => (await findFileNames(names ?? [])).missing,
    enabled: names !== null && names.length > 0,
    staleTime: Infinity,
  });
}
