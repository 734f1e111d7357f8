import { ConsoleDriver, SAMPLE_PNG } from './support/console';
import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';

test('an editor publishes a notice with an image, and a visitor reads it from the home page and the list', async ({
  app,
}) => {
  const console = new ConsoleDriver(app.page);
  const title = `遥感影像服务维护通知 ${process.pid % 1000}-${Date.now() % 10_000}`;
  // given the editor, who has the console's entry in the header
  await app.open('/home');
  await app.logIn(demoUsers.editor);
  await console.openFromHeader();
  // when they write a notice with an uploaded image in the body and save it
  await console.newItem('通知公告', title);
  await console.writeBody('维护期间暂停影像下载，请提前安排。');
  await console.insertImage('维护示意.png', SAMPLE_PNG);
  await console.save();
  // then the body is what the server stored, the image an uploaded file of this server
  await expect(console.bodyImage()).toHaveAttribute('src', /^\/api\/share\/v2\/file\/\d+$/);
  await expect(app.page.getByTestId('news-form-state')).toHaveText('草稿');
  // and once published from the list
  await console.backToList();
  const row = await console.find(title);
  await expect(row.getByTestId('news-row-state')).toHaveText('草稿');
  await row.getByTestId('news-publish').click();
  await expect(row.getByTestId('news-row-state')).toHaveText('已发布');
  // a visitor finds it on the home page's notices and in the notice list
  await app.logOut();
  await app.open('/home');
  await expect(
    app.page.getByTestId('home-news-notic').getByRole('link', { name: title }),
  ).toBeVisible();
  await app.open('/platform/newsList/notic');
  const listed = app.page.getByTestId('news-list').getByRole('link', { name: title });
  await expect(listed).toBeVisible();
  // and opening it, sees the text and the image, loaded
  await listed.click();
  const body = app.page.getByTestId('news-body');
  await expect(body).toContainText('维护期间暂停影像下载');
  const image = body.locator('img');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(24);
});

test('a user without the editor role is refused the console, and sees no entry to it', async ({
  app,
}) => {
  await app.open('/home');
  await app.logIn(demoUsers.person);
  await expect(app.personalCentreLink()).toBeVisible();
  await expect(app.page.getByTestId('manage-link')).toBeHidden();
  await expect(app.menuEntry('/manage')).toBeHidden();
  await app.open('/manage/news');
  await expect(app.accessRefusal()).toContainText('仅内容编辑可以进行此操作');
});

test('an editor rewrites a page from 编辑此页, and HTML pasted into it is cleaned before it shows', async ({
  app,
}) => {
  const page = app.page;
  // given the editor on a platform page
  await app.open('/home');
  await app.logIn(demoUsers.editor);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/platform/platformIntro/evaluation');
  await expect(page.getByTestId('editable-page-body')).toBeVisible();
  // when they open it in the console from the page
  await page.getByTestId('page-edit-link').click();
  const title = page.getByTestId('page-form-title');
  await expect(title).not.toHaveValue('');
  // and paste HTML carrying a script into the HTML tab
  const body = page.getByTestId('page-body');
  await body.getByRole('tab', { name: 'HTML' }).click();
  await page
    .getByTestId('page-body-html')
    .fill(
      '<h2>服务评价</h2><p onclick="window.__xss = 1">用户满意度 98%</p><a href="javascript:window.__xss = 2">详情</a>',
    );
  // then the preview shows the text without the script, as the server would store it
  await body.getByRole('tab', { name: '预览' }).click();
  const preview = page.getByTestId('page-body-preview');
  await expect(preview).toContainText('用户满意度 98%');
  expect(await preview.innerHTML()).not.toMatch(/onclick|javascript:/);
  await preview.getByText('用户满意度 98%').click();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // and once saved, visitors read the new text on the page
  await page.getByTestId('page-form-save').click();
  await expect(page.getByTestId('page-form-saved')).toBeVisible();
  await app.open('/platform/platformIntro/evaluation');
  await expect(page.getByTestId('editable-page-body')).toContainText('用户满意度 98%');
});
