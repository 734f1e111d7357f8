// GET /api/order/v3/ordercart/own: one page of the user's cart, newest first, each line with
// its scene's facts and whether it can be ordered.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type CartLine = components['schemas']['CartLine'];

/** Whether a line can be ordered now: 'online', 'offline' or 'missing'. */
export type LineAvailability = components['schemas']['CartAvailability'];

/** A line's availability. */
export function availabilityOf(line: CartLine): LineAvailability {
  return line.availability;
}

/** Every query about the cart starts with this key. */
export const CART_KEY = ['cart'] as const;

export interface CartPage {
  pageNum: number;
  pageSize: number;
}

export function getCart({ pageNum, pageSize }: CartPage) {
  return unwrap(
    api.GET('/api/order/v3/ordercart/own', { params: { query: { pageNum, pageSize } } }),
  );
}

export function cartQueryOptions(page: CartPage) {
  return queryOptions({
    queryKey: [...CART_KEY, 'lines', page],
    queryFn: () => getCart(page),
    placeholderData: keepPreviousData,
  });
}
