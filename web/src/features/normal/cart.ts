// What 加入购物车 does for a visitor (pure; tested in cart.test.ts).

/** What 加入购物车 does for this visitor (the cart itself comes with the order module). */
export type CartAction = 'login' | 'forbidden' | 'pending';

/** Permission for the cart and orders (spec §6). */
export const CART_PERMISSION = 'MOD_061';

export function cartAction(loggedIn: boolean, permissions: readonly string[]): CartAction {
  if (!loggedIn) return 'login';
  return permissions.includes(CART_PERMISSION) ? 'pending' : 'forbidden';
}
