import { expect, test } from './support/harness';

test('a visitor reads the latest notice from the home page and pages through the list', async ({
  app,
}) => {
  // given the demo's published news
  await app.open('/home');
  const notices = app.page.getByTestId('home-news-notic');
  const first = notices.getByRole('listitem').first().getByRole('link');
  await expect(first).toBeVisible();
  const title = await first.innerText();
  // when the visitor opens the first notice
  await first.click();
  // then it shows whole, marked as demo content
  const article = app.page.getByTestId('news-detail');
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(app.page.getByTestId('news-body')).toContainText('演示内容');
  // and back on the list, the pinned notice leads and the second page holds others
  await app.page.getByRole('link', { name: '返回通知公告' }).click();
  await app.waitForAddress('/chinese/platform/newsList/notic');
  const items = app.page.getByTestId('news-item');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('置顶');
  const firstPage = await items.first().innerText();
  await app.page.getByTitle('2', { exact: true }).click();
  await expect(items.first()).not.toHaveText(firstPage);
  await expect(items).toHaveCount(10);
  // The total is the server's: other journeys on this server may have published notices too.
  const origin = new URL(app.page.url()).origin;
  const answer = await app.page.request.get(`${origin}/api/news/v3/news-v3?type=0&pageSize=1`);
  const { data } = (await answer.json()) as { data: { total: number } };
  const { total } = data;
  expect(total).toBeGreaterThanOrEqual(20);
  await expect(app.page.getByText(`共 ${total} 条`)).toBeVisible();
});
