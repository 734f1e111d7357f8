// 申请管理 (/manage/requests, administrators): data requests for offline scenes.
import { AdminRecordsPage } from './AdminRecordsPage';

export default function RequestsAdmin() {
  return <AdminRecordsPage kind="request" />;
}
