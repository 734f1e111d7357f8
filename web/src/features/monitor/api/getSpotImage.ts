// GET /api/spot/v2/{theme}/spot/{id}/image/{when}: a spot's picture before or after the
// change. The route needs the session's token, which an <img src> cannot send, so the picture
// is fetched and shown as a data: address (nothing to revoke when it goes).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapFile } from '../../../api/client';
import { spotKeys } from './keys';
import type { ThemeName } from './types';

export type When = 'before' | 'after';

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL gives a string.
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the picture could not be read'));
    reader.readAsDataURL(blob);
  });
}

export async function getSpotImage(theme: ThemeName, id: number, when: When): Promise<string> {
  const blob = await unwrapFile(
    api.GET('/api/spot/v2/{theme}/spot/{id}/image/{when}', {
      params: { path: { theme, id, when } },
      parseAs: 'blob',
    }),
    // A missing picture shows as such in the comparison, not as a toast.
    { quiet: true },
  );
  return dataUrl(blob);
}

export function spotImageQueryOptions(theme: ThemeName, id: number, when: When) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'spot', id, 'image', when],
    queryFn: () => getSpotImage(theme, id, when),
    // A spot's pictures do not change during a visit.
    staleTime: Infinity,
  });
}

/** The picture as an address for <img>; nothing is asked unless the spot has one. */
export function useSpotImage(theme: ThemeName, id: number, when: When, exists: boolean) {
  return useQuery({ ...spotImageQueryOptions(theme, id, when), enabled: exists });
}
