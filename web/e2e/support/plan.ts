// What a unit and a manager do with acquisition plans, in the app's own words: 计划填报
// (/plan/fill), 计划发布 (/plan/publish) and 采购计划 (/plan/purchase). Elements by data-testid;
// drawing on the map is the image query's (ImageQueryDriver.drawRectangle).
import { expect, type Page } from './harness';

/** A purchase plan as the server answers it (the fields the journey reads). */
export interface PurchaseAnswer {
  version: number | null;
  rows: { resolution: number; planKm2: number; coveredKm2: number; purchaseKm2: number }[];
}

export class PlanDriver {
  constructor(readonly page: Page) {}

  /** Chooses `label` in the select of `testId`. */
  async choose(testId: string, label: string): Promise<void> {
    await this.page.getByTestId(testId).click();
    await this.page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: label })
      .click();
    await expect(this.page.getByTestId(testId)).toContainText(label);
  }

  /** Fills the form for the drawn area and saves it as a draft; waits for the server's yes. */
  async saveDraft(name: string, resolution: string): Promise<void> {
    await expect(this.page.getByTestId('plan-shape-state')).toHaveText('已选定范围');
    await this.page.getByTestId('plan-name').fill(name);
    await this.choose('plan-resolution', resolution);
    const saved = this.page.waitForResponse(
      (response) => /\/api\/plan-collaborative\/save\/\d+$/.test(response.url()) && response.ok(),
    );
    await this.page.getByTestId('plan-save').click();
    await saved;
    await expect(this.page.getByTestId('plan-name')).toHaveValue('');
  }

  /** The row of the unit's table that names `name`. */
  row(name: string) {
    return this.page.getByTestId('plan-fill-table').locator('tr').filter({ hasText: name });
  }

  /** 全部提交, confirmed. */
  async submitAll(): Promise<void> {
    await this.page.getByTestId('plan-submit-all').click();
    await this.page.locator('.ant-popconfirm').getByRole('button', { name: '全部提交' }).click();
  }

  /** 发布, confirmed: resolves with what the confirmation said. */
  async publish(): Promise<string> {
    await this.page.getByTestId('plan-publish-button').click();
    const confirmation = this.page.locator('.ant-popconfirm');
    const said = (await confirmation.locator('.ant-popconfirm-title').textContent()) ?? '';
    const published = this.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/plan-collaborative/publish') &&
        response.request().method() === 'POST',
    );
    await confirmation.getByRole('button', { name: /^发\s?布$/ }).click();
    expect((await published).ok()).toBe(true);
    return said;
  }

  versions() {
    return this.page.getByTestId('plan-versions');
  }

  /** Waits for the purchase plan of `year` the page asks for next, and reads it. */
  purchaseOf(year: number): Promise<PurchaseAnswer> {
    return this.page
      .waitForResponse(
        (response) =>
          response.url().includes('/api/plan-collaborative/purchase?') &&
          response.url().includes(`purchaseYear=${year}`),
      )
      .then(async (response) => ((await response.json()) as { data: PurchaseAnswer }).data);
  }

  purchaseLines() {
    return this.page.getByTestId('purchase-lines');
  }
}
