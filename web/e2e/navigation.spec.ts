import { expect, test } from './support/harness';

test('opening the platform address lands on the home page', async ({ app }) => {
  // given the server is running
  // when a visitor opens /chinese/
  await app.visit('/chinese/');
  // then the home page shows at /chinese/home
  await app.waitForAddress('/chinese/home');
  await expect(app.homePage()).toBeVisible();
});

test('the server root sends visitors to the home page', async ({ app }) => {
  await app.visit('/');
  await app.waitForAddress('/chinese/home');
  await expect(app.homePage()).toBeVisible();
});

test('a deep link opens its page directly', async ({ app }) => {
  // when a visitor opens a bookmarked inner page (the server answers with index.html)
  await app.open('/platform/platformIntro/description');
  // then that page shows with its title
  await expect(app.pageTitle()).toHaveText('平台简介');
  await expect(app.page).toHaveTitle('平台简介 - 自然资源卫星遥感云服务平台');
});

test('an unknown address falls back to the home page', async ({ app }) => {
  await app.open('/nonexistent');
  await app.waitForAddress('/chinese/home');
  await expect(app.homePage()).toBeVisible();
});
