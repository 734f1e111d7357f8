// The purchase plan (GET purchase) and its workbook (GET purchase/export), managers only.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapDownload, type NamedFile } from '../../../api/client';
import type { UnitType } from './types';

/** What chooses a purchase plan. */
export interface PurchaseQuery {
  purchaseYear: number;
  unitType: UnitType;
  regionId: string;
}

export function purchaseQueryOptions(query: PurchaseQuery) {
  return queryOptions({
    queryKey: ['plan', 'purchase', query],
    queryFn: () => unwrap(api.GET('/api/plan-collaborative/purchase', { params: { query } })),
  });
}

export function exportPurchase(query: PurchaseQuery): Promise<NamedFile> {
  return unwrapDownload(
    api.GET('/api/plan-collaborative/purchase/export', { params: { query }, parseAs: 'blob' }),
    `purchase_${query.purchaseYear}.xlsx`,
  );
}
