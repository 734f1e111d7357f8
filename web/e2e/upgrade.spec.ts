import { newPassword } from './support/driver';
import { expect, test } from './support/harness';

test('an account that must change its password gets the upgrade notice', async ({
  app,
  accounts,
}) => {
  // given an account flagged to change its password
  const user = accounts.add('upgrader', { mustChangePassword: true });
  // when it logs in
  await app.open('/home');
  await app.logIn(user);
  // then the login dialog gives way to the upgrade notice, with no session
  await expect(app.upgradeNotice()).toContainText('由于系统升级');
  await expect(app.loginDialog()).toBeHidden();
  await expect(app.loginButton()).toBeVisible();
  // and confirming opens the password page on its old-password tab, the username filled in
  await app.confirmUpgrade();
  await app.waitForAddress('/chinese/resetPassword');
  await expect(app.activeResetTab()).toHaveText('使用原密码修改');
  await expect(app.field('change-username')).toHaveValue(user.username);
});

test('an account flagged for the upgrade changes its password and logs in', async ({
  app,
  accounts,
}) => {
  const user = accounts.add('upgraded', { mustChangePassword: true });
  await app.open('/home');
  await app.logIn(user);
  await app.confirmUpgrade();
  // when it changes the password with the old one
  const password = newPassword();
  await app.changePassword(user.password, password);
  // then it logs in with the new one
  await expect(app.passwordResetDone()).toBeVisible();
  await app.logInAfterwards();
  await app.fillLoginDialog({ username: user.username, password });
  await expect(app.personalCentreLink()).toBeVisible();
  await expect(app.upgradeNotice()).toBeHidden();
});
