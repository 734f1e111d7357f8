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

test('a display screen shows the push nodes with what 湖北 received last', async ({ app }) => {
  // when the wall screen opens the push overview (the demo pushed images and spots to 湖北)
  await app.open('/push/screen?screenCode=1');
  await expect(app.pageTitle()).toHaveText('推送节点总览');
  // then 湖北's node comes first (the only one the demo pushed to), with the image batch and
  // the spot batch it received last: the demo's, or one another test of this worker's server
  // sent since (their names are theirs, so only the shape is checked)
  const hubei = app.page.getByTestId('screen-node').first();
  await expect(hubei).toContainText('湖北省推送节点');
  await expect(hubei.getByTestId('screen-latest-images')).toContainText(/（.+，\d+ 景）/);
  await expect(hubei.getByTestId('screen-latest-spots')).toContainText(/（.+，.+，\d+ 个）/);
  await expect(app.loginDialog()).toBeHidden();
});
