// What a user and an administrator do with the cart, orders and data requests, in the app's
// own words: on 影像查询's results, 购物车, 我的订单 and 订单管理. Elements by data-testid.
import { readFileSync } from 'node:fs';
import { expect, type Download, type Page } from './harness';
import { chooseOption, untilOverlayStill } from './motion';

/** An administrator's action on an order (the button `action-<name>`). */
export type OrderAction = 'approve' | 'reject' | 'process' | 'deliver' | 'withdraw';

export interface OrderForm {
  purpose: string;
  /** Labels of the ORDER_USAGE and ORDER_DELIVERY entries, e.g. 国土调查, 在线下载. */
  usage: string;
  delivery: string;
}

export class OrdersDriver {
  constructor(readonly page: Page) {}

  /** The result rows of 影像查询 whose scene is online. */
  onlineResults() {
    return this.page
      .getByTestId('scene-row')
      .filter({ has: this.page.getByTestId('scene-online').getByText('在线', { exact: true }) });
  }

  /** Checks the first `count` online scenes of the results page; their ids. */
  async checkOnlineScenes(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const row = this.onlineResults().nth(index);
      await row.getByTestId('scene-check').check();
      ids.push((await row.getAttribute('data-id')) ?? '');
    }
    return ids;
  }

  async addToCart(): Promise<void> {
    await this.page.getByTestId('add-to-cart').click();
  }

  /** What 加入购物车 said. */
  cartNotice() {
    return this.page.getByTestId('cart-notice');
  }

  cartLines() {
    return this.page.getByTestId('cart-line');
  }

  /** 全选 of the cart: every line that can be ordered, on all pages. */
  async selectWholeCart(): Promise<void> {
    await this.page.getByTestId('cart-select-all').click();
  }

  selectedInCart() {
    return this.page.getByTestId('cart-selected');
  }

  /** 提交订单 with the checked lines; resolves with the new order's code. */
  async submitOrder({ purpose, usage, delivery }: OrderForm): Promise<string> {
    await this.page.getByTestId('cart-submit-order').click();
    await untilOverlayStill(this.page, 'order-dialog');
    const dialog = this.page.getByTestId('order-dialog');
    await dialog.getByTestId('purpose-input').fill(purpose);
    await chooseOption(this.page, 'usage-select', usage);
    await chooseOption(this.page, 'delivery-select', delivery);
    await this.page.getByTestId('order-dialog-ok').click();
    const code = this.page.getByTestId('order-code');
    await expect(code).toHaveText(/^DD\d+$/);
    return (await code.textContent()) ?? '';
  }

  /** Opens a record of the list on the page (我的订单, 订单管理) by its code. */
  async openRecord(code: string): Promise<void> {
    await this.page.getByTestId('record-row').filter({ hasText: code }).click();
    await expect(this.page.getByTestId('record-code')).toHaveText(code);
  }

  /** Closes the open record's drawer. */
  async closeRecord(): Promise<void> {
    // Its close button, not Escape: a key reaches the drawer only while it holds the focus.
    await this.page
      .locator('.ant-drawer:visible')
      .getByRole('button', { name: '关闭', exact: true })
      .click();
    await expect(this.page.getByTestId('record-facts')).toBeHidden();
  }

  /** The status of the open record. */
  recordStatus() {
    return this.page.getByTestId('record-facts').getByTestId('record-status');
  }

  /** Takes an action on the open order; 交付 is confirmed. */
  async act(action: OrderAction): Promise<void> {
    await this.page.getByTestId(`action-${action}`).click();
    if (action === 'deliver') {
      await untilOverlayStill(this.page, 'action-confirm-ok');
      await this.page.getByTestId('action-confirm-ok').click();
    }
  }

  /** Saves a link list of the open (delivered) order: txt, aria2 or sh. */
  async exportLinks(format: 'txt' | 'aria2' | 'sh'): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(`export-${format}`).click();
    return download;
  }

  /** The download links of the open order's scenes. */
  itemLinks() {
    return this.page.getByTestId('item-download');
  }

  /** The lines of a saved text file. */
  static lines(file: string): string[] {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
  }
}
