// 我的订单 (spec §2 /personal/personalCenter/myOrder).
import { OwnRecordsPage } from './OwnRecordsPage';

export default function MyOrdersPage() {
  return <OwnRecordsPage kind="order" />;
}
