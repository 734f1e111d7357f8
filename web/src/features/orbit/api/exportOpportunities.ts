// POST /api/sateorbit/v2/csj/ics and csj/csv: the imaging opportunities of a query as an
// iCalendar file (one event each) or a CSV table, under the name the server gives.
import { api, unwrapDownload, type NamedFile } from '../../../api/client';
import type { OpportunityQuery } from './types';

export type ExportFormat = 'ics' | 'csv';

const ROUTES = {
  ics: '/api/sateorbit/v2/csj/ics',
  csv: '/api/sateorbit/v2/csj/csv',
} as const;

export function exportOpportunities(
  format: ExportFormat,
  body: OpportunityQuery,
  fallbackName: string,
): Promise<NamedFile> {
  return unwrapDownload(api.POST(ROUTES[format], { body, parseAs: 'blob' }), fallbackName);
}
