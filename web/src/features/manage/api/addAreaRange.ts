// POST /api/usercenter/arearange/userid/{userId}: gives an account a regionId area range.
// 400 for a region that does not exist, 409 for one the account has.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { afterChange } from './keys';

export function addAreaRange(userId: number, regionId: string) {
  return unwrap(
    api.POST('/api/usercenter/arearange/userid/{userId}', {
      params: { path: { userId } },
      body: { regionId },
    }),
  );
}

export function useAddAreaRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, regionId }: { userId: number; regionId: string }) =>
      addAreaRange(userId, regionId),
    onSuccess: () => afterChange(queryClient),
  });
}
