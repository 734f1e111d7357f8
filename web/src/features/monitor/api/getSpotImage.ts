// GET /api/spot/v2/{theme}/spot/{id}/image/{when}: a spot's picture before or after the
// change. The route needs the session's token, which an <img src> cannot send, so the picture
// is fetched and shown as a data: address (nothing to revoke when it goes).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapFile } from '../../../api/client';
import { spotKeys } from '../../../api/spotKeys';
import type { ThemeName } from './types';

export type When = 'before' | 'after';

/** The picture as a data: address (base64 of its bytes). */
async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: one call with every byte as an argument overflows the stack on a large picture.
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
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
