// GET /api/spot/v2/{theme}/export/excel and export/shp: the filtered spots as an Excel
// workbook or a zipped shapefile; GET …/trend/export/excel: TREND's numbers per batch as a
// workbook. Downloaded with progress (the server builds the file first, then sends it).
import { api, type NamedFile } from '../../../api/client';
import { downloadWithProgress, type DownloadProgress } from '../../../api/progressDownload';
import type { SpotFilterQuery, ThemeName } from './types';

/** The spots as a workbook or a shapefile, or the trend's numbers as a workbook. */
export type ExportFormat = 'excel' | 'shp' | 'trend';

/** The file's ending, for the name the page falls back on. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  excel: 'xlsx',
  shp: 'zip',
  trend: 'xlsx',
};

function exportCall(theme: ThemeName, format: ExportFormat, query: SpotFilterQuery) {
  const params = { path: { theme }, query };
  switch (format) {
    case 'excel':
      return api.GET('/api/spot/v2/{theme}/export/excel', { params, parseAs: 'stream' });
    case 'shp':
      return api.GET('/api/spot/v2/{theme}/export/shp', { params, parseAs: 'stream' });
    case 'trend':
      return api.GET('/api/spot/v2/{theme}/trend/export/excel', {
        params,
        parseAs: 'stream',
      });
  }
}

export function exportSpots(
  theme: ThemeName,
  format: ExportFormat,
  query: SpotFilterQuery,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<NamedFile> {
  return downloadWithProgress(exportCall(theme, format, query), fallbackName, onProgress);
}
