// 个人中心 (spec §2 /personal, login required): 个人信息, 购物车, 我的订单, 我的申请, and
// 我的反馈 (listed only with MOD_054_DISPLAY), one page per route of /personal/personalCenter,
// with the area's side menu.
import type { ComponentType } from 'react';
import { childRoutes } from '../../app/routes';
import { FeedbackList } from '../../components/FeedbackList';
import type { PageProps } from '../../components/PageFrame';
import { SideMenuLayout } from '../../components/SideMenuLayout';
import { listsPage, viewerOf } from '../../lib/access';
import { useSession } from '../../lib/session';
import CartPage from './CartPage';
import InfoPage from './InfoPage';
import MyApplyPage from './MyApplyPage';
import MyOrdersPage from './MyOrdersPage';

const CENTRE = '/personal/personalCenter';

const byPath: Record<string, ComponentType> = {
  [`${CENTRE}/info`]: InfoPage,
  [`${CENTRE}/shopping`]: CartPage,
  [`${CENTRE}/myOrder`]: MyOrdersPage,
  [`${CENTRE}/myApply`]: MyApplyPage,
  [`${CENTRE}/myFeedback`]: FeedbackList,
};

export default function PersonalCenterPage(props: PageProps) {
  const Page = byPath[props.path] ?? InfoPage;
  const userInfo = useSession((state) => state.userInfo);
  const viewer = viewerOf({ userInfo });
  const entries = childRoutes(CENTRE).filter((route) => listsPage(viewer, route.authority));
  return (
    <SideMenuLayout {...props} entries={entries}>
      <Page />
    </SideMenuLayout>
  );
}
