// What 加入购物车 does for a visitor, and what its answer says (pure; tested in cart.test.ts).
import { canUseCart, type Viewer } from '../../lib/access';
import type { CartAdded } from './api/addToCart';

/** What 加入购物车 does for this visitor. */
export type CartAction = 'login' | 'forbidden' | 'add';

export function cartAction(viewer: Viewer): CartAction {
  if (!viewer.loggedIn) return 'login';
  return canUseCart(viewer) ? 'add' : 'forbidden';
}

/** The question before every result of a search goes into the cart. */
export function addAllQuestion(count: number): string {
  return `将全部 ${count} 景加入购物车？`;
}

/** What adding did, in one line: e.g. 已加入 3 景，1 景已在购物车中，2 景为离线影像未加入. */
export function addedSummary(answer: CartAdded): string {
  const parts = [`已加入 ${answer.added} 景`];
  if (answer.already) parts.push(`${answer.already} 景已在购物车中`);
  if (answer.offline.length) parts.push(`${answer.offline.length} 景为离线影像未加入`);
  if (answer.missing.length) parts.push(`${answer.missing.length} 景已不在目录中`);
  return parts.join('，');
}

/** Where a data request is followed. */
export const MY_APPLY_PATH = '/personal/personalCenter/myApply';
