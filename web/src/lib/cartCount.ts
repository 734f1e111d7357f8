// The header's cart badge (spec §2, §8): the count lives in the session store. It is loaded
// once a user who may use the cart is known, and set from the `count` of every answer that
// changes the cart (add, remove); after an order, whose answer has none, it is loaded again.
import { useEffect } from 'react';
import { getCartCount } from '../api/getCartCount';
import { canUseCart, viewerOf } from './access';
import { useSession } from './session';

/** Spec §8: how a failed count is logged (never shown). */
export const CART_COUNT_FAILED = '获取购物车数量异常';

export function setCartCount(count: number): void {
  useSession.setState({ cartCount: count });
}

/** Loads the count into the session; a failure is logged and leaves the badge as it was. */
export async function loadCartCount(fetchCount = getCartCount): Promise<void> {
  try {
    setCartCount(await fetchCount());
  } catch (err) {
    console.error(CART_COUNT_FAILED, err);
  }
}

/** Loads the count whenever the logged-in user changes to one who may use the cart. */
export function useCartCountLoader(): void {
  const userId = useSession((state) => state.userInfo?.id);
  const allowed = useSession((state) => canUseCart(viewerOf(state)));
  useEffect(() => {
    if (allowed && userId !== undefined) void loadCartCount();
  }, [allowed, userId]);
}
