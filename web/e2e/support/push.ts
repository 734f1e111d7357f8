// What a manager and a node's account do with image pushes, in the app's own words: 推送 on
// 影像查询's results, and 影像推送 (/push/image). Elements by data-testid.
import { expect, type Download, type Page } from './harness';
import { mapOverlays } from './map';
import { untilOverlayStill } from './motion';

export class PushDriver {
  constructor(readonly page: Page) {}

  /** 推送 on the results: the dialog opens with every result (none checked). */
  async openPushDialog(): Promise<void> {
    await this.page.getByTestId('push-button').click();
    await untilOverlayStill(this.page, 'push-dialog');
  }

  dialog() {
    return this.page.getByTestId('push-dialog');
  }

  /** What the dialog says it will push. */
  pushedScenes() {
    return this.page.getByTestId('push-scenes');
  }

  /** Names the batch and chooses one node by the start of its name, e.g. 湖北省推送节点. */
  async fillPush(name: string, node: string): Promise<void> {
    await this.dialog().getByTestId('push-name').fill(name);
    const nodes = this.dialog().getByTestId('push-nodes');
    await nodes.click();
    await nodes.getByRole('combobox').fill(node);
    // Enter takes the option the search leaves active, the first that matches.
    await this.page.keyboard.press('Enter');
    await expect(nodes).toContainText(node);
    // A multiple select stays open over the dialog's buttons until the focus leaves it.
    await this.pushedScenes().click();
  }

  async confirmPush(): Promise<void> {
    await this.page.getByTestId('push-ok').click();
  }

  /** The message after sending, with its link to the batch. */
  sentNotice() {
    return this.page.getByTestId('push-sent');
  }

  async followSentLink(): Promise<void> {
    await this.page.getByTestId('push-sent-link').click();
  }

  /** A batch of the list by its name. */
  batch(name: string) {
    return this.page.getByTestId('push-batch').filter({ hasText: name });
  }

  async openBatch(name: string): Promise<void> {
    await this.batch(name).getByRole('button', { name }).click();
  }

  detailName() {
    return this.page.getByTestId('push-detail-name');
  }

  /** The batch's items (a table row each). */
  items() {
    return this.page.getByTestId('push-items').locator('tbody tr.ant-table-row');
  }

  /** Features drawn per layer of the map when it last settled. */
  async overlays(): Promise<Record<string, number>> {
    return mapOverlays(this.page);
  }

  async calculateCoverage(): Promise<void> {
    await this.page.getByTestId('push-calculate').click();
  }

  coverageRatio() {
    return this.page.getByTestId('push-coverage-ratio');
  }

  uncoveredLegend() {
    return this.page.getByTestId('push-coverage-legend-uncovered');
  }

  /** 导出Excel, and the file the browser saves. */
  async exportExcel(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('push-export-excel').click();
    return download;
  }
}
