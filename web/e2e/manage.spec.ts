import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';
import { ManageDriver } from './support/manage';

test('an administrator makes an account, grants it the cart and 湖北省, disables it, and reads the log', async ({
  app,
}) => {
  const manage = new ManageDriver(app.page);
  const user = {
    username: `office_${process.pid % 1000}_${Date.now() % 10_000}`,
    password: 'Office2025',
  };
  // given the administrator, who sees 系统管理
  await app.open('/home');
  await app.logIn(demoUsers.admin);
  await expect(app.menuEntry('/manage')).toBeVisible();
  await app.open('/manage/users');
  // when they make an account, grant it MOD_061 and the range 湖北省, then disable it
  await manage.createAccount(user);
  await manage.grantPermission(user.username, 'MOD_061');
  await manage.addRange(user.username, '湖北省');
  await expect(manage.range('420000')).toContainText('湖北省');
  await manage.closeRanges();
  await expect(manage.row(user.username)).toContainText('湖北省');
  await manage.disable(user.username);
  // antd spaces out a two-character button label.
  await expect(manage.toggle(user.username)).toHaveText(/^启\s?用$/);
  await expect(manage.row(user.username)).toContainText('已禁用');
  // then the log shows each change, newest first (after any an earlier journey on this server made)
  await manage.openSection('audit');
  await expect(manage.auditActions().first()).toHaveText('禁用账号');
  await expect(manage.auditActions()).toContainText([
    '禁用账号',
    '添加权限范围',
    '设置单独授予的权限',
    '新建账号',
  ]);
});

test('a provincial user sees no 系统管理 and is refused its pages', async ({ app }) => {
  await app.open('/home');
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await expect(app.menuEntry('/manage')).toBeHidden();
  await app.open('/manage/users');
  await expect(app.accessRefusal()).toContainText('仅系统管理员可以进行此操作');
});
