// The order module's journey: a land office puts three scenes over Hubei into its cart and
// orders them; the administrator approves, produces and delivers the order; the office
// downloads the link list and a scene through its signed link. A user without MOD_061 has no
// cart. The server runs with --demo: Hubei has recent scenes, most of them online, and the
// demo delivers their generated quick-looks (PNG).
import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';
import { OrdersDriver } from './support/orders';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('hubei orders three scenes, the administrator delivers them, hubei downloads them; person has no cart', async ({
  app,
  imageQuery,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const orders = new OrdersDriver(page);

  // given hubei, logged in, with the results of 湖北省
  await imageQuery.open();
  await app.logIn(demoUsers.hubei);
  await expect(app.cartLink()).toBeVisible();
  await imageQuery.chooseRegion('湖北省');
  await imageQuery.search();
  await expect(orders.onlineResults().nth(2)).toBeVisible();

  // when hubei checks three online scenes and adds them to the cart
  await orders.checkOnlineScenes(3);
  await orders.addToCart();
  // then the page says so, and the header's badge counts them
  await expect(orders.cartNotice()).toContainText('已加入 3 景');
  await expect(app.cartBadge()).toHaveText('3');
  await imageQuery.screenshot(testInfo.outputPath('added.png'));

  // when hubei opens the cart, selects everything and orders it
  await app.cartLink().click();
  await expect(orders.cartLines()).toHaveCount(3);
  await orders.selectWholeCart();
  await expect(orders.selectedInCart()).toHaveText('3');
  await page.screenshot({ path: testInfo.outputPath('cart.png') });
  const code = await orders.submitOrder({
    purpose: '湖北省耕地变化核查',
    usage: '国土调查',
    delivery: '在线下载',
  });
  // then the order is placed and the cart is empty
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(app.cartBadge()).toHaveText('');
  await page.screenshot({ path: testInfo.outputPath('ordered.png') });
  await app.logOut();

  // when the administrator approves, produces and delivers it
  await app.logIn(demoUsers.admin);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/manage/orders');
  await orders.openRecord(code);
  await expect(orders.recordStatus()).toHaveText('待审核');
  await orders.act('approve');
  await expect(orders.recordStatus()).toHaveText('审核通过');
  await orders.act('process');
  await expect(orders.recordStatus()).toHaveText('生产中');
  await orders.act('deliver');
  await expect(orders.recordStatus()).toHaveText('已完成');
  await page.screenshot({ path: testInfo.outputPath('delivered.png') });
  await orders.closeRecord();
  await app.logOut();

  // then hubei finds it 已完成 in 我的订单
  await app.logIn(demoUsers.hubei);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/personal/personalCenter/myOrder');
  await orders.openRecord(code);
  await expect(orders.recordStatus()).toHaveText('已完成');
  await expect(orders.itemLinks()).toHaveCount(3);
  await expect(orders.recordStatus()).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('my-order.png') });
  // and downloads the link list: three links
  const download = await orders.exportLinks('txt');
  expect(download.suggestedFilename()).toBe(`${code}.txt`);
  const list = testInfo.outputPath('links.txt');
  await download.saveAs(list);
  const links = OrdersDriver.lines(list);
  expect(links).toHaveLength(3);
  for (const link of links) expect(link).toMatch(/^https?:\/\/\S+$/);
  // and one scene through its signed link
  const href = await orders.itemLinks().first().getAttribute('href');
  expect(href).toBeTruthy();
  const scene = await page.request.get(href ?? '');
  expect(scene.status()).toBe(200);
  expect((await scene.body()).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  await orders.closeRecord();
  await app.logOut();

  // when person, without MOD_061, logs in: no cart
  await app.logIn(demoUsers.person);
  await expect(app.personalCentreLink()).toBeVisible();
  await expect(app.cartLink()).toBeHidden();
});
