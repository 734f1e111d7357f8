// GET /api/spot/v2/{theme}/export/excel and export/shp: the filtered spots as an Excel
// workbook or a zipped shapefile, downloaded with progress (the server builds the file first,
// then sends it).
import { api, type NamedFile } from '../../../api/client';
import { downloadWithProgress, type DownloadProgress } from '../../../api/progressDownload';
import type { SpotFilterQuery, ThemeName } from './types';

export type ExportFormat = 'excel' | 'shp';

/** The file's ending, for the name the page falls back on. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { excel: 'xlsx', shp: 'zip' };

export function exportSpots(
  theme: ThemeName,
  format: ExportFormat,
  query: SpotFilterQuery,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<NamedFile> {
  const params = { path: { theme }, query };
  const call =
    format === 'excel'
      ? api.GET('/api/spot/v2/{theme}/export/excel', { params, parseAs: 'stream' })
      : api.GET('/api/spot/v2/{theme}/export/shp', { params, parseAs: 'stream' });
  return downloadWithProgress(call, fallbackName, onProgress);
}
