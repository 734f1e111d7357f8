// POST /api/order/v3/order: orders checked online lines of the cart, which leave it. 409 when
// a line is no longer in the cart (ordered meanwhile), 400 for offline or unknown scenes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { recordsKey } from '../../../api/getRecordDetail';
import type { components } from '../../../api/schema';
import { loadCartCount } from '../../../lib/cartCount';
import { CART_KEY } from './getCart';

export type NewOrder = components['schemas']['NewOrder'];

export function submitOrder(body: NewOrder) {
  return unwrap(api.POST('/api/order/v3/order', { body }));
}

export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSettled: async () => {
      // The answer has no cart count: the badge asks again.
      void loadCartCount();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_KEY }),
        queryClient.invalidateQueries({ queryKey: recordsKey('order') }),
      ]);
    },
  });
}
