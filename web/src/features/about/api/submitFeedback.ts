// POST /api/feedback/submit: sends a piece of feedback (MOD_054); one's own list is fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { MY_FEEDBACK_KEY } from '../../../api/feedback';
import type { components } from '../../../api/schema';

export type FeedbackInput = components['schemas']['FeedbackInput'];

export function submitFeedback(body: FeedbackInput) {
  return unwrap(api.POST('/api/feedback/submit', { body }));
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_FEEDBACK_KEY }),
  });
}
