// GET /api/page/v1/faq?q=: the FAQ's entries in order, or those whose question or answer holds
// the search text (the server searches; up to 50 characters).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type FaqEntry = components['schemas']['Faq'];

/** Longest search text the server takes. */
export const MAX_FAQ_QUERY = 50;

export function faqQueryOptions(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: ['about', 'faq', text],
    queryFn: () =>
      unwrap(api.GET('/api/page/v1/faq', { params: { query: text ? { q: text } : {} } })),
    placeholderData: keepPreviousData,
  });
}
