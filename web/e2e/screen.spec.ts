import { expect, test } from './support/harness';

test('a display screen (screenCode=1) logs in silently and keeps its flag', async ({ app }) => {
  // when a big screen opens a monitoring page with screenCode=1 (the demo configures it)
  await app.open('/monitor/landcover?screenCode=1');
  // then the page shows without a login dialog, still flagged as a screen
  await expect(app.pageTitle()).toHaveText('地表覆盖监测');
  await expect(app.loginDialog()).toBeHidden();
  expect(new URL(app.page.url()).search).toBe('?screenCode=1');
});

test('screenCode=2 carries the geojsonId to the page', async ({ app }) => {
  await app.open('/monitor/landcover?screenCode=2&geojsonId=g-17');
  await expect(app.pageTitle()).toHaveText('地表覆盖监测');
  expect(new URL(app.page.url()).search).toBe('?geojsonId=g-17');
});
