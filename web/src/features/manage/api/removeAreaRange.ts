// DELETE /api/usercenter/arearange/id/{id}: removes one area range of an account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { afterChange } from './keys';

export function removeAreaRange(id: number) {
  return unwrap(api.DELETE('/api/usercenter/arearange/id/{id}', { params: { path: { id } } }));
}

export function useRemoveAreaRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAreaRange,
    onSuccess: () => afterChange(queryClient),
  });
}
