// GET /api/feedback: the caller's own feedback with the answers, newest first, paged (MOD_054).
// Read by the feedback page (/about/contactUs/idea) and the personal centre (我的反馈).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type FeedbackItem = components['schemas']['Feedback'];
export type FeedbackCategory = components['schemas']['Category'];

/** The categories a user chooses from, in the order the form lists them (the server's list). */
export const FEEDBACK_CATEGORIES = [
  '数据问题',
  '功能建议',
  '系统故障',
  '其他',
] as const satisfies readonly FeedbackCategory[];

/** The key under which every page of one's own feedback is cached. */
export const MY_FEEDBACK_KEY = ['feedback', 'own'] as const;

export function myFeedbackQueryOptions(pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: [...MY_FEEDBACK_KEY, pageNum, pageSize],
    queryFn: () => unwrap(api.GET('/api/feedback', { params: { query: { pageNum, pageSize } } })),
    placeholderData: keepPreviousData,
  });
}
