import { demoUsers, newTelephone } from './support/driver';
import { expect, test } from './support/harness';

test('a visitor registers with a texted code and logs in with the new account', async ({
  app,
  accounts,
}) => {
  // given a visitor on the registration page, from the header's 注册
  await app.open('/home');
  await app.registerButton().click();
  await app.waitForAddress('/chinese/register');
  const user = {
    username: `newbie_${Date.now() % 1_000_000}`,
    password: 'Fresh2024pw',
    telephone: newTelephone(),
  };
  // when they fill in the form and ask for a code by text message
  await app.startRegistration(user);
  // and enter the code the server texted
  await app.finishRegistration(accounts.lastTextedCode(user.telephone));
  // then the registration is done, without a login
  await expect(app.registrationDone()).toContainText(user.username);
  await expect(app.loginButton()).toBeVisible();
  // and the new account logs in through the dialog
  await app.logInAfterwards();
  await app.fillLoginDialog(user);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.waitForAddress('/chinese/home');
});

test('the form says at once that a username or number is taken', async ({ app, accounts }) => {
  const telephone = newTelephone();
  accounts.add('phoneowner', { telephone });
  await app.open('/register');
  await app.field('register-username').fill(demoUsers.hubei.username);
  await expect(app.field('register-username')).toHaveAccessibleDescription(/用户名已被注册/);
  await app.field('register-username').fill('ab');
  await expect(app.field('register-username')).toHaveAccessibleDescription(
    /用户名须为4-20位字母、数字或下划线/,
  );
  await app.field('register-telephone').fill(telephone);
  await expect(app.field('register-telephone')).toHaveAccessibleDescription(/该手机号已被注册/);
});
