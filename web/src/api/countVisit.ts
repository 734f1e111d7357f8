// POST /api/statistics-transaction/incr: counts one visit (spec §4 "visit counting").
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type Visit = components['schemas']['Visit'];

/** Counted once per app start (spec §4: "app start counts ALL"). */
export const APP_START_VISIT: Visit = { name: 'ALL', label: '全部' };

export async function countVisit(visit: Visit): Promise<void> {
  // Quiet: a lost count is no reason to disturb the visitor with a toast.
  await unwrap(api.POST('/api/statistics-transaction/incr', { body: visit }), { quiet: true });
}

export function useCountVisit() {
  return useMutation({ mutationFn: countVisit });
}
