// GET /api/page/v1/page/{slug}: an editable page's text (a satellite group's description, the
// development plan); a slug without a page yet is null, not a failure.
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type PageText = components['schemas']['Page'];

export async function getPageText(slug: string): Promise<PageText | null> {
  try {
    return await unwrap(api.GET('/api/page/v1/page/{slug}', { params: { path: { slug } } }), {
      quiet: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function usePageText(slug: string) {
  return useQuery({ queryKey: ['page', slug], queryFn: () => getPageText(slug) });
}
