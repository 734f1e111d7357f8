// GET /api/order/v3/exporturi/{id}?format=txt|aria2|sh: a delivered order's download links as
// a file (a plain list, an aria2 input file, a resuming curl script). It needs the session's
// token, so it is fetched and handed to the browser, under the name the server gives it.
import { api, unwrapDownload, type NamedFile } from '../../../api/client';
import type { operations } from '../../../api/schema';

/** txt, aria2 or sh. */
export type LinkFormat = NonNullable<
  NonNullable<operations['export_uri']['parameters']['query']>['format']
>;

export function exportLinks(id: number, format: LinkFormat, code: string): Promise<NamedFile> {
  return unwrapDownload(
    api.GET('/api/order/v3/exporturi/{id}', {
      params: { path: { id }, query: { format } },
      parseAs: 'blob',
    }),
    `${code}.${format === 'aria2' ? 'aria2.txt' : format}`,
  );
}
