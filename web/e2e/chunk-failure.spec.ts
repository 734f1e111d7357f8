import { expect, test } from './support/harness';

test('a page chunk that fails to load explains itself and offers a reload', async ({ app }) => {
  // given the platform area's code cannot be fetched
  await app.breakPageChunk('PlatformPage');
  // when the visitor opens one of its pages
  await app.open('/platform/platformIntro/description');
  // then a clear message with a reload button shows inside the page shell
  await expect(app.pageFailure()).toContainText('页面加载失败');
  await expect(app.pageFailure()).toContainText('页面文件未能加载');
  await expect(app.menuEntry('/home')).toBeVisible();
  // and once the network is back, reloading shows the page
  await app.restoreNetwork();
  await app.reloadAfterFailure();
  await expect(app.pageTitle()).toHaveText('平台简介');
});

test('a page stylesheet that fails to load is handled the same way', async ({ app }) => {
  await app.breakPageStylesheet('HomePage');
  await app.open('/home');
  await expect(app.pageFailure()).toContainText('页面样式文件未能加载');
  await app.restoreNetwork();
  await app.reloadAfterFailure();
  await expect(app.homePage()).toBeVisible();
});
