import { newPassword, newTelephone } from './support/driver';
import { expect, test } from './support/harness';

test('a user who forgot the password sets a new one by text message and logs in', async ({
  app,
  accounts,
}) => {
  // given an account with a mobile number
  const telephone = newTelephone();
  const user = accounts.add('forgetful', { telephone });
  // when its owner asks for a code from the login dialog's 忘记密码
  await app.open('/home');
  await app.openLoginDialog();
  await app.page.getByTestId('login-reset-password').click();
  await app.waitForAddress('/chinese/resetPassword');
  await app.startPasswordRecovery(telephone);
  // and sets a new password with the texted code
  const password = newPassword();
  await app.finishPasswordRecovery(accounts.lastTextedCode(telephone), password);
  // then the password is changed, and the account logs in with it
  await expect(app.passwordResetDone()).toBeVisible();
  await app.logInAfterwards();
  await app.fillLoginDialog({ username: user.username, password });
  await expect(app.personalCentreLink()).toBeVisible();
});
