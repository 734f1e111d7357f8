// What an administrator does on the 系统管理 pages, in the app's own words; elements by their
// data-testid.
import { expect, type Page } from './harness';
import type { Credentials } from './driver';
import { untilOverlayStill } from './motion';
import { chooseRegion } from './regionPicker';

export class ManageDriver {
  constructor(readonly page: Page) {}

  /** Opens a page of the area from its side menu, e.g. 'users', 'audit'. */
  async openSection(name: string): Promise<void> {
    await this.page.getByTestId(`side-menu-${name}`).click();
  }

  /** Creates an account through the dialog and waits until the table lists it. */
  async createAccount({ username, password }: Credentials): Promise<void> {
    await this.page.getByTestId('users-create').click();
    await untilOverlayStill(this.page, 'create-account-form');
    await this.page.getByTestId('create-username').fill(username);
    await this.page.getByTestId('create-password').fill(password);
    await this.page.getByTestId('create-confirm').fill(password);
    await this.page.getByTestId('create-submit').click();
    await expect(this.page.getByTestId('create-account-form')).toBeHidden();
    await this.search(username);
    await expect(this.row(username)).toBeVisible();
  }

  async search(keyword: string): Promise<void> {
    // The search box's test id is on its frame (input and button).
    const box = this.page.getByTestId('users-search').locator('input');
    await box.fill(keyword);
    await box.press('Enter');
  }

  /** The table row of an account. */
  row(username: string) {
    return this.page.getByTestId('users-table').locator('tr', { hasText: username });
  }

  /** Grants a permission of the account's own, e.g. 'MOD_061'. */
  async grantPermission(username: string, code: string): Promise<void> {
    await this.page.getByTestId(`users-access-${username}`).click();
    await untilOverlayStill(this.page, 'access-save');
    await this.page.getByTestId(`access-permission-${code}`).click();
    await this.page.getByTestId('access-save').click();
    await expect(this.page.getByTestId('access-save')).toBeHidden();
  }

  /** Adds an area range chosen in the region picker by names, e.g. '湖北省'. */
  async addRange(username: string, ...names: string[]): Promise<void> {
    await this.page.getByTestId(`users-ranges-${username}`).click();
    await untilOverlayStill(this.page, 'ranges-title');
    await chooseRegion(this.page, ...names);
    // A province has children: closing the menu (a click beside it) keeps it as the choice.
    await this.page.getByTestId('ranges-title').click();
    await expect(this.page.getByTestId('region-picker-menu')).toBeHidden();
    await this.page.getByTestId('range-add').click();
  }

  /** A range the open ranges dialog lists, by region code. */
  range(regionId: string) {
    return this.page.getByTestId(`range-${regionId}`);
  }

  async closeRanges(): Promise<void> {
    await this.page.getByTestId('ranges-close').click();
  }

  /** Disables an account, confirming the question. */
  async disable(username: string): Promise<void> {
    await this.page.getByTestId(`users-toggle-${username}`).click();
    await untilOverlayStill(this.page, 'users-toggle-confirm');
    await this.page.getByTestId('users-toggle-confirm').click();
  }

  /** The enable/disable button of an account ('启用' once it is disabled). */
  toggle(username: string) {
    return this.page.getByTestId(`users-toggle-${username}`);
  }

  /** The Chinese names of the actions the audit table shows, newest first. */
  auditActions() {
    return this.page.getByTestId('audit-table').getByTestId('audit-action');
  }
}
