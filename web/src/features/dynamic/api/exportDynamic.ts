// GET /api/spot/v2/{theme}/dynamic/export/excel: the regions of an analysis as an Excel
// workbook, downloaded with progress (the server analyses and writes first, then sends).
import { api, type NamedFile } from '../../../api/client';
import { downloadWithProgress, type DownloadProgress } from '../../../api/progressDownload';
import type { DynamicQuery, ThemeName } from './types';

export function exportDynamic(
  theme: ThemeName,
  query: DynamicQuery,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<NamedFile> {
  const call = api.GET('/api/spot/v2/{theme}/dynamic/export/excel', {
    params: { path: { theme }, query },
    parseAs: 'stream',
  });
  return downloadWithProgress(call, fallbackName, onProgress);
}
