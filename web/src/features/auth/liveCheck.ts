// The live check of a registration field: after the field's own rules pass, asks the server
// whether the value is free (GET /api/usercenter/valid/…) and shows its answer under the field.
import type { QueryClient } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { availabilityQueryOptions, type AvailabilityKind } from './api/checkAvailable';

/** Milliseconds of quiet typing before a value is checked (Form.Item `validateDebounce`). */
export const LIVE_CHECK_DEBOUNCE_MS = 400;

/** A rule for after the field's format rules (with `validateFirst` on the Form.Item). */
export function availableRule(queryClient: QueryClient, kind: AvailabilityKind): FormRule {
  return {
    validator: async (_, value: string | undefined) => {
      if (!value) return;
      // A check that fails to get an answer does not block the form: the server decides on submit.
      const problem = await queryClient
        .fetchQuery(availabilityQueryOptions(kind, value))
        .catch(() => null);
      if (problem) throw new Error(problem);
    },
  };
}
