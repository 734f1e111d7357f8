// Visit counting after navigation (spec §4): a page with a three-part path whose route is in
// the tracked list counts a visit under its name; the cart also counts the personal centre.
// The app start (ALL) is counted in main.tsx, a login (Login) in login.ts.
import { countVisit, type Visit } from '../api/countVisit';

const personal: Visit = { name: 'Personal', label: '个人中心' };

/** The tracked routes (three-part paths only; visits.test.ts holds it to that), with what each counts. */
export const trackedVisits: Readonly<Record<string, readonly Visit[]>> = {
  '/personal/personalCenter/info': [{ name: 'Info', label: '个人信息' }],
  '/personal/personalCenter/shopping': [{ name: 'Shopping', label: '购物车' }, personal],
  '/personal/personalCenter/myOrder': [{ name: 'MyOrder', label: '我的订单' }],
  '/personal/personalCenter/myApply': [{ name: 'MyApply', label: '我的申请' }],
};

/** The visits a shown page counts, by its route path (e.g. '/personal/personalCenter/info'). */
export function visitsAfter(routePath: string): readonly Visit[] {
  return trackedVisits[routePath] ?? [];
}

export function countVisitsAfter(routePath: string): void {
  for (const visit of visitsAfter(routePath)) {
    // A lost count is not worth a word to the visitor.
    countVisit(visit).catch(() => undefined);
  }
}
