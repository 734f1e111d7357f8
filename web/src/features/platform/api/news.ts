// GET /api/news/v3/news-v3 (a type's published items, pinned first, newest first) and
// GET /api/news/v3/id/{id} (one published item, its body HTML sanitised by the server).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type NewsSummary = components['schemas']['NewsSummary'];
export type NewsDetail = components['schemas']['Envelope_NewsDetail']['data'];
export type NewsPage = components['schemas']['Envelope_Page_NewsSummary']['data'];

/** What a list shows: one type, a title filter, a page. */
export interface NewsListQuery {
  type: number;
  title: string;
  pageNum: number;
  pageSize: number;
}

export function getNewsList(query: NewsListQuery): Promise<NewsPage> {
  const { title, ...rest } = query;
  return unwrap(
    api.GET('/api/news/v3/news-v3', {
      params: { query: { ...rest, ...(title.trim() && { title: title.trim() }) } },
    }),
  );
}

/** A page of a list; the last page stays while the next one loads. */
export function useNewsList(query: NewsListQuery) {
  return useQuery({
    queryKey: ['news', 'list', query],
    queryFn: () => getNewsList(query),
    placeholderData: keepPreviousData,
  });
}

export function getNewsDetail(id: number): Promise<NewsDetail> {
  return unwrap(api.GET('/api/news/v3/id/{id}', { params: { path: { id } } }), { quiet: true });
}

/** One item; a missing one is the page's to say (404 shows no toast). */
export function useNewsDetail(id: number | null) {
  return useQuery({
    queryKey: ['news', 'item', id],
    queryFn: () => getNewsDetail(id ?? 0),
    enabled: id !== null,
  });
}
