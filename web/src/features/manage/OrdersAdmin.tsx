// 订单管理 (/manage/orders, administrators).
import { AdminRecordsPage } from './AdminRecordsPage';

export default function OrdersAdmin() {
  return <AdminRecordsPage kind="order" />;
}
