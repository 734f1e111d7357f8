// How far a year's published plan was met: the overall plan (GET overall, managers) and the
// province feedback (GET/PUT push/v1/provincial-feedback, GET push/v1/metadata-optical).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { Analysis, RateFeedback, UnitType } from './types';

/** What chooses an overall plan. */
export interface OverallQuery {
  planYear: number;
  analysisOption: Analysis;
  /** The first year, with analysisOption `year`. */
  yearOption?: number;
  unitType: UnitType;
  regionId: string;
  resolutiontype?: number;
}

export function overallQueryOptions(query: OverallQuery) {
  return queryOptions({
    queryKey: ['plan', 'overall', query],
    queryFn: () => unwrap(api.GET('/api/plan-collaborative/overall', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** What chooses a year's feedback. */
export interface FeedbackQuery {
  planYear: number;
  unitType: UnitType;
  regionId: string;
}

/** The key every feedback read lives under (a rating refreshes them). */
export const FEEDBACK_KEY = ['plan', 'feedback'] as const;

export function feedbackQueryOptions(query: FeedbackQuery) {
  return queryOptions({
    queryKey: [...FEEDBACK_KEY, query],
    queryFn: () => unwrap(api.GET('/api/push/v1/provincial-feedback', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** A unit's rating; quiet: the dialog shows the refusal. */
export function rateFeedback(body: RateFeedback) {
  return unwrap(api.PUT('/api/push/v1/provincial-feedback', { body }), { quiet: true });
}

export function opticalScenesQueryOptions(
  planYear: number,
  unitCode: string,
  pageNum: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: [...FEEDBACK_KEY, 'optical', planYear, unitCode, pageNum, pageSize],
    queryFn: () =>
      unwrap(
        api.GET('/api/push/v1/metadata-optical', {
          params: { query: { planYear, unitCode, pageNum, pageSize } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
