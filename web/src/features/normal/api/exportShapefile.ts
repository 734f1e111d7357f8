// POST /api/normal/v5/covershp and notcovershp: the covered or the not-covered part of the
// area of interest as a zipped shapefile, saved by the browser.
import { api, unwrapFile } from '../../../api/client';
import type { CoverageByIds } from './types';

export type ExportPart = 'covered' | 'notCovered';

const ROUTES = {
  covered: '/api/normal/v5/covershp',
  notCovered: '/api/normal/v5/notcovershp',
} as const;

export function exportShapefile(part: ExportPart, body: CoverageByIds): Promise<Blob> {
  return unwrapFile(api.POST(ROUTES[part], { body, parseAs: 'blob' }));
}
