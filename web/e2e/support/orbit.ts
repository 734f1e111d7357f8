// What a user does on 轨道预报 (/orbitalPredict), in the app's own words; elements by their
// data-testid.
import { readFileSync } from 'node:fs';
import { expect, type Page } from './harness';
import { mapOverlays, mapSettled } from './map';
import { chooseRegion } from './regionPicker';

export class OrbitDriver {
  constructor(readonly page: Page) {}

  /** 演示轨道根数… above the form. */
  staleWarning() {
    return this.page.getByTestId('orbit-stale');
  }

  /** Chooses exactly the satellites of these quick picks, e.g. 'GF', 'ZY'. */
  async pickSeries(...series: string[]): Promise<void> {
    await this.page.getByTestId('orbit-clear-satellites').click();
    await expect(this.page.getByTestId('orbit-satellite-count')).toContainText('已选 0 颗');
    for (const key of series) {
      const pick = this.page.getByTestId(`orbit-quick-${key}`);
      await pick.click();
      await expect(pick).toHaveAttribute('aria-pressed', 'true');
    }
  }

  /** Chooses the region of the area, level by level. */
  async chooseRegion(...names: string[]): Promise<void> {
    await chooseRegion(this.page, ...names);
    await expect(this.page.getByTestId('region-picker')).toContainText(names.at(-1) ?? '');
  }

  /** Types the number of days of the window. */
  async setDays(days: number): Promise<void> {
    await this.page.getByTestId('orbit-days').fill(String(days));
    await expect(this.page.getByTestId('orbit-days')).toHaveValue(String(days));
  }

  /** 开始预测, and waits for the answer. */
  async predict(): Promise<void> {
    await this.page.getByTestId('orbit-run').click();
    await expect(this.page.getByTestId('orbit-results')).toBeVisible();
  }

  summary() {
    return this.page.getByTestId('orbit-summary');
  }

  timelineRows() {
    return this.page.getByTestId('timeline-row');
  }

  /** The bar of the selected pass. */
  selectedBar() {
    return this.page.locator('[data-testid=timeline-bar][data-selected=true]');
  }

  passRows() {
    return this.page.getByTestId('pass-row');
  }

  /** Features drawn of a page layer once the map has settled, e.g. 'orbit_pass'. */
  async featuresDrawn(layer: string): Promise<number> {
    await mapSettled(this.page);
    return (await mapOverlays(this.page))[layer] ?? 0;
  }

  /** 导出日历(.ics); resolves with the downloaded file's text. */
  async exportCalendar(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('orbit-export-ics').click();
    const file = await download;
    const path = await file.path();
    return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
  }
}
