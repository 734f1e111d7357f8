import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';

test('hovering a menu entry opens its sub-menu', async ({ app }) => {
  // given a visitor on the home page
  await app.open('/home');
  await expect(app.menuEntry('/satellite/chinese')).toBeHidden();
  // when they hover 卫星介绍
  await app.hoverMenu('/satellite');
  // then its sub-menu shows, and the nested one opens on hover too
  await expect(app.menuEntry('/satellite/chinese')).toBeVisible();
  await app.hoverMenu('/satellite/chinese');
  await expect(app.menuEntry('/satellite/chinese/gf1')).toBeVisible();
});

test('orbit prediction and third-party sites open in new tabs', async ({ app }) => {
  await app.open('/home');
  await expect(app.menuEntry('/orbitalPredict')).toHaveAttribute('target', '_blank');
  await expect(app.menuEntry('/orbitalPredict')).toHaveAttribute('href', '/chinese/orbitalPredict');
  await app.hoverMenu('links');
  const ministry = app.menuEntry('links-mnr');
  await expect(ministry).toHaveAttribute('href', 'https://www.mnr.gov.cn/');
  await expect(ministry).toHaveAttribute('target', '_blank');
  await expect(ministry).toHaveAttribute('rel', 'noopener noreferrer');
});

test('the monitoring menu follows the permissions', async ({ app }) => {
  // given an anonymous visitor: no monitoring entry
  await app.open('/home');
  await expect(app.menuEntry('/home')).toBeVisible();
  await expect(app.menuEntry('/monitor')).toBeHidden();
  // when the demo user hubei logs in
  await app.logIn(demoUsers.hubei);
  // then the monitoring entries appear
  await app.hoverMenu('/monitor');
  await expect(app.menuEntry('/monitor/windmill')).toBeVisible();
  await expect(app.menuEntry('/monitor/landcover')).toBeVisible();
});
