// What a unit and a manager do with acquisition plans, in the app's own words: 计划填报
// (/plan/fill), 计划发布 (/plan/publish), 采购计划 (/plan/purchase), 总体计划
// (/plan/overall) and 省级反馈 (/plan/feedback). Elements by data-testid;
// drawing on the map is the image query's (ImageQueryDriver.drawRectangle).
import { expect, type Page } from './harness';
import { chooseOption, untilOverlayStill, untilStill } from './motion';

/** A purchase plan as the server answers it (the fields the journey reads). */
export interface PurchaseAnswer {
  version: number | null;
  rows: { resolution: number; planKm2: number; coveredKm2: number; purchaseKm2: number }[];
}

/** An overall plan as the server answers it (the fields the journey reads). */
export interface OverallAnswer {
  version: number | null;
  rows: { key: string; label: string; planKm2: number; acquiredKm2: number; purchaseKm2: number }[];
}

/** Waits for the next answer of `path` the page asks for with `planYear=year`, and reads it. */
function answerOf<T>(page: Page, path: string, year: number): Promise<T> {
  return page
    .waitForResponse(
      (response) =>
        response.url().includes(`${path}?`) &&
        response.url().includes(`planYear=${year}`) &&
        response.request().method() === 'GET',
    )
    .then(async (response) => ((await response.json()) as { data: T }).data);
}

export class PlanDriver {
  constructor(readonly page: Page) {}

  /** Chooses `label` in the select of `testId`. */
  async choose(testId: string, label: string): Promise<void> {
    await chooseOption(this.page, testId, label);
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
    const confirmation = this.page.locator('.ant-popconfirm');
    await untilStill(confirmation);
    await confirmation.getByRole('button', { name: '全部提交' }).click();
  }

  /** 发布, confirmed: resolves with what the confirmation said. */
  async publish(): Promise<string> {
    await this.page.getByTestId('plan-publish-button').click();
    const confirmation = this.page.locator('.ant-popconfirm');
    await untilStill(confirmation);
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

  /** Waits for the overall plan of `year` the page asks for next, and reads it. */
  overallOf(year: number): Promise<OverallAnswer> {
    return answerOf(this.page, '/api/plan-collaborative/overall', year);
  }

  /** The feedback row of a unit. */
  feedbackRow(unitName: string) {
    return this.page.getByTestId('feedback-units').locator('tr').filter({ hasText: unitName });
  }

  /** Rates the unit of `unitName` with `stars` and `comment`; waits for the server's yes. */
  async rate(unitName: string, stars: number, comment: string): Promise<void> {
    await this.feedbackRow(unitName).getByTestId('feedback-rate').click();
    const dialog = this.page.getByTestId('feedback-rate-dialog');
    await untilOverlayStill(this.page, 'feedback-comment');
    await dialog
      .locator('.ant-rate-star')
      .nth(stars - 1)
      .locator('[role=radio]')
      .click();
    const field = dialog.getByTestId('feedback-comment');
    await field.fill(comment);
    await expect(field).toHaveValue(comment);
    const rated = this.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/push/v1/provincial-feedback') &&
        response.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: '提交评价' }).click();
    expect((await rated).ok()).toBe(true);
    await expect(dialog).toBeHidden();
  }
}
