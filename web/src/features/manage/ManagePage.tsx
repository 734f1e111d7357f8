// 系统管理, one page per route of /manage with the area's side menu: the content console
// (news, editable pages, shared files, answering
// feedback) for editors and administrators, and accounts, orders,
// data requests and the audit log for administrators. The guard refuses a page to anyone its
// staff rule does not admit; the side menu lists only the pages the viewer may open.
import type { ComponentType } from 'react';
import { childRoutes } from '../../app/routes';
import type { PageProps } from '../../components/PageFrame';
import { SideMenuLayout } from '../../components/SideMenuLayout';
import { staffAllows, viewerOf } from '../../lib/access';
import { useSession } from '../../lib/session';
import AuditPage from './AuditPage';
import FilesAdmin from './FilesAdmin';
import NewsAdmin from './NewsAdmin';
import FeedbackAdmin from './FeedbackAdmin';
import OrdersAdmin from './OrdersAdmin';
import PagesAdmin from './PagesAdmin';
import RequestsAdmin from './RequestsAdmin';
import UsersPage from './UsersPage';
import './ManagePage.css';

const byPath: Record<string, ComponentType> = {
  '/manage/news': NewsAdmin,
  '/manage/pages': PagesAdmin,
  '/manage/files': FilesAdmin,
  '/manage/users': UsersPage,
  '/manage/orders': OrdersAdmin,
  '/manage/requests': RequestsAdmin,
  '/manage/audit': AuditPage,
  '/manage/feedback': FeedbackAdmin,
};

export default function ManagePage(props: PageProps) {
  const Page = byPath[props.path] ?? NewsAdmin;
  const userInfo = useSession((state) => state.userInfo);
  const viewer = viewerOf({ userInfo });
  const entries = childRoutes('/manage').filter(
    (route) => !route.staff || staffAllows(viewer, route.staff),
  );
  return (
    <SideMenuLayout {...props} entries={entries}>
      <Page />
    </SideMenuLayout>
  );
}
