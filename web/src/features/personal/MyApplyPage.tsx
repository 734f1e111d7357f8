// 我的申请 (spec §2 /personal/personalCenter/myApply): the user's data requests for offline
// scenes.
import { OwnRecordsPage } from './OwnRecordsPage';

export default function MyApplyPage() {
  return <OwnRecordsPage kind="request" />;
}
