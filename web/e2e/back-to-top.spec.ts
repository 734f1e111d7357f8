import { expect, test } from './support/harness';

test('the back-to-top button appears after scrolling and brings the visitor back up', async ({
  app,
}) => {
  // given a page taller than the window
  await app.page.setViewportSize({ width: 1280, height: 600 });
  await app.open('/home');
  await expect(app.homePage()).toBeVisible();
  await expect(app.backToTopButton()).toBeHidden();
  // when the visitor scrolls down 300 px or more
  await app.scrollDown(320);
  // then the button shows, and clicking it returns to the top
  await expect(app.backToTopButton()).toBeVisible();
  await app.backToTopButton().click();
  await expect.poll(() => app.scrollPosition()).toBe(0);
  await expect(app.backToTopButton()).toBeHidden();
});
