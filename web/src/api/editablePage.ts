// GET /api/page/v1/page/{slug}: an editable page (platform introduction, GEO plan and links,
// contact details, software and satellite descriptions), its body HTML sanitised by the server.
// The slug's `/` travels percent-encoded (openapi-fetch encodes path parameters). A slug no page
// has yet answers 404, which the page shows as its empty state, without a toast.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type EditablePageData = components['schemas']['Page'];

export function editablePageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['page', slug],
    queryFn: () =>
      unwrap(api.GET('/api/page/v1/page/{slug}', { params: { path: { slug } } }), {
        quiet: true,
      }),
  });
}
