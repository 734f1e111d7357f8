// GET /api/order/v3/ordercart/count: how many scenes are in the user's cart (the header's
// badge, spec §2). Quiet: a failure is only logged (spec §8, see src/lib/cartCount.ts).
import { api, unwrap } from './client';

export function getCartCount(): Promise<number> {
  return unwrap(api.GET('/api/order/v3/ordercart/count'), { quiet: true });
}
