// The editor's news routes (/api/news/v3/manage…, role editor or admin): every item in any
// state, one item for editing, create, replace, delete, publish or withdraw, pin or unpin.
// Each change refreshes the console's list and the visitors' news (lists, items, home page).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/schema';

export type NewsSummary = components['schemas']['NewsSummary'];
export type NewsDetail = components['schemas']['Envelope_NewsDetail']['data'];
export type NewsInput = components['schemas']['NewsInput'];
export type ManageNewsQuery = NonNullable<operations['manage_news']['parameters']['query']>;

const newsKey = ['manage', 'news'] as const;

export function manageNewsQueryOptions(query: ManageNewsQuery) {
  return queryOptions({
    queryKey: [...newsKey, 'list', query],
    queryFn: () => unwrap(api.GET('/api/news/v3/manage', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function editedNewsQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...newsKey, 'item', id],
    queryFn: () =>
      unwrap(api.GET('/api/news/v3/manage/{id}', { params: { path: { id } } }), { quiet: true }),
  });
}

/** A change the console makes to one item, or a new item (`id` absent). */
export type NewsChange =
  | { kind: 'save'; id?: number; input: NewsInput }
  | { kind: 'delete'; id: number }
  | { kind: 'published' | 'pinned'; id: number; value: boolean };

/** Sends a change; the answer is the item as stored (null after a delete). */
async function send(change: NewsChange): Promise<NewsDetail | null> {
  switch (change.kind) {
    case 'save': {
      const id =
        change.id ?? (await unwrap(api.POST('/api/news/v3/manage', { body: change.input }))).id;
      if (change.id === undefined)
        return unwrap(api.GET('/api/news/v3/manage/{id}', { params: { path: { id } } }));
      return unwrap(
        api.PUT('/api/news/v3/manage/{id}', { params: { path: { id } }, body: change.input }),
      );
    }
    case 'delete':
      await unwrap(api.DELETE('/api/news/v3/manage/{id}', { params: { path: { id: change.id } } }));
      return null;
    case 'published':
      return unwrap(
        api.PUT('/api/news/v3/manage/{id}/published', {
          params: { path: { id: change.id } },
          body: { value: change.value },
        }),
      );
    case 'pinned':
      return unwrap(
        api.PUT('/api/news/v3/manage/{id}/pinned', {
          params: { path: { id: change.id } },
          body: { value: change.value },
        }),
      );
  }
}

/** Makes a change; the server's message shows as a toast when it refuses. */
export function useNewsChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (item) => {
      if (item) queryClient.setQueryData(editedNewsQueryOptions(item.id).queryKey, item);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...newsKey, 'list'] }),
        // What visitors read (platform/api/news.ts, the home page's cards) is stale too.
        queryClient.invalidateQueries({ queryKey: ['news'] }),
      ]),
  });
}
