// GET /api/feedback/manage (everyone's feedback, newest first, answered/unanswered filter, paged)
// and PUT /api/feedback/manage/{id}/answer (an editor's answer; the list is fetched again).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type ManagedFeedback = components['schemas']['ManagedFeedback'];

const KEY = ['manage', 'feedback'] as const;

export interface FeedbackQuery {
  /** Only answered (true) or unanswered (false) pieces; all when undefined. */
  answered?: boolean;
  pageNum: number;
  pageSize: number;
}

export function manageFeedbackQueryOptions(query: FeedbackQuery) {
  return queryOptions({
    queryKey: [...KEY, query],
    queryFn: () => unwrap(api.GET('/api/feedback/manage', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function answerFeedback({ id, answer }: { id: number; answer: string }) {
  return unwrap(
    api.PUT('/api/feedback/manage/{id}/answer', { params: { path: { id } }, body: { answer } }),
  );
}

export function useAnswerFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerFeedback,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
