// What 加入购物车 does for a visitor (pure; tested in cart.test.ts).
import { canUseCart, type Viewer } from '../../lib/access';

/** What 加入购物车 does for this visitor (the cart itself comes with the order module). */
export type CartAction = 'login' | 'forbidden' | 'pending';

export function cartAction(viewer: Viewer): CartAction {
  if (!viewer.loggedIn) return 'login';
  return canUseCart(viewer) ? 'pending' : 'forbidden';
}
