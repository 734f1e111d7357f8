// 个人中心 (spec §2 /personal, login required): 个人信息, 购物车, 我的订单, 我的申请, one
// page per route of /personal/personalCenter, with the area's side menu.
import type { ComponentType } from 'react';
import { childRoutes } from '../../app/routes';
import type { PageProps } from '../../components/PageFrame';
import { SideMenuLayout } from '../../components/SideMenuLayout';
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
};

export default function PersonalCenterPage(props: PageProps) {
  const Page = byPath[props.path] ?? InfoPage;
  return (
    <SideMenuLayout {...props} entries={childRoutes(CENTRE)}>
      <Page />
    </SideMenuLayout>
  );
}
