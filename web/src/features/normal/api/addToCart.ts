// POST /api/order/v3/ordercart: puts scenes into the user's cart. The answer says what was
// added, what was there already, which are offline (not put in: a data request can ask for
// them), which are unknown, and the cart's new count. Over the cap: 400 with the server's
// message, shown by the client.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { setCartCount } from '../../../lib/cartCount';

export type CartAdded = components['schemas']['CartAdded'];

export function addToCart(ids: string[]): Promise<CartAdded> {
  return unwrap(api.POST('/api/order/v3/ordercart', { body: { ids } }));
}

export function useAddToCart() {
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (answer) => setCartCount(answer.count),
  });
}
