// 系统管理 (administrators only; the guard refuses everyone else): accounts, orders, data
// requests and the audit log; and 意见反馈管理, for editors too. One page per route of
// /manage, with the area's side menu.
import type { ComponentType } from 'react';
import { childRoutes } from '../../app/routes';
import type { PageProps } from '../../components/PageFrame';
import { SideMenuLayout } from '../../components/SideMenuLayout';
import AuditPage from './AuditPage';
import FeedbackAdmin from './FeedbackAdmin';
import OrdersAdmin from './OrdersAdmin';
import RequestsAdmin from './RequestsAdmin';
import UsersPage from './UsersPage';
import './ManagePage.css';

const byPath: Record<string, ComponentType> = {
  '/manage/users': UsersPage,
  '/manage/orders': OrdersAdmin,
  '/manage/requests': RequestsAdmin,
  '/manage/audit': AuditPage,
  '/manage/feedback': FeedbackAdmin,
};

export default function ManagePage(props: PageProps) {
  const Page = byPath[props.path] ?? UsersPage;
  return (
    <SideMenuLayout {...props} entries={childRoutes('/manage')}>
      <Page />
    </SideMenuLayout>
  );
}
