// DELETE /api/order/v3/ordercart: takes lines out of the cart; the answer has the new count.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { setCartCount } from '../../../lib/cartCount';
import { CART_KEY } from './getCart';

export function removeFromCart(ids: string[]) {
  return unwrap(api.DELETE('/api/order/v3/ordercart', { body: { ids } }));
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (answer) => setCartCount(answer.count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}
