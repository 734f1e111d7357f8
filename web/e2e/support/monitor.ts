// What a user does on a monitoring theme's page (/monitor/<theme>), in the app's own words;
// elements by their data-testid, the map's state as map.ts reads it.
import { expect, type Download, type Page } from './harness';
import { mapOverlays, mapSettled } from './map';
import { untilStill } from './motion';

export class MonitorDriver {
  constructor(readonly page: Page) {}

  pageTitle() {
    return this.page.getByTestId('page-title');
  }

  /** 「湖北省共 N 个图斑…」 above the table of regions. */
  statisticsTotal() {
    return this.page.getByTestId('statistics-total');
  }

  /** The rows of the regions one level down. */
  regionRows() {
    return this.page.getByTestId('statistics-table').getByTestId('region-row');
  }

  /** The choropleth's legend over the map. */
  choroplethLegend() {
    return this.page.getByTestId('choropleth-legend');
  }

  /** How many region shapes the choropleth drew when the map last settled. */
  async choroplethShapes(): Promise<number> {
    await mapSettled(this.page);
    return (await mapOverlays(this.page)).choropleth ?? 0;
  }

  /**
   * Waits until STATISTICS has shown every answer it asked for over `region`: the totals,
   * the way back up (the region's lineage), the legend and the choropleth on the map. After
   * this the page asks the server nothing more until the user acts.
   */
  async statisticsShown(region: string): Promise<void> {
    await expect(this.statisticsTotal()).toContainText(region);
    await expect(this.page.getByTestId('drill-current')).toHaveText(region);
    await expect(this.choroplethLegend()).toContainText('无数据');
    await expect.poll(() => this.choroplethShapes()).toBeGreaterThan(0);
  }

  /** A mode's tab. */
  async showMode(label: '统计' | '详情' | '网格' | '序列' | '趋势'): Promise<void> {
    await this.page.getByTestId('mode-tabs').getByRole('tab', { name: label }).click();
  }

  /** Switches to 详情 and waits for its list. */
  async showDetail(): Promise<void> {
    await this.showMode('详情');
    await expect(this.page.getByTestId('detail-panel')).toBeVisible();
  }

  /** The batch chosen (STATISTICS, DETAIL, GRID). */
  batchSelect() {
    return this.page.getByTestId('batch-select');
  }

  /** Switches to 网格 and waits for its cells' totals. */
  async showGrid(): Promise<void> {
    await this.showMode('网格');
    await expect(this.page.getByTestId('grid-total')).toBeVisible();
  }

  /** GRID's level selector, e.g. 「13 级网格」. */
  gridLevel() {
    return this.page.getByTestId('grid-level');
  }

  /** 「湖北省共 N 个图斑…分布于 M 个网格」 */
  gridTotal() {
    return this.page.getByTestId('grid-total');
  }

  /** The rows of the densest cells. */
  gridCells() {
    return this.page.getByTestId('grid-densest').getByTestId('grid-cell-row');
  }

  /** How many grid cells the map drew when it last settled. */
  async gridShapes(): Promise<number> {
    await mapSettled(this.page);
    return (await mapOverlays(this.page))['grid-cells'] ?? 0;
  }

  /** Switches to 序列 and waits for its maps. */
  async showSequence(): Promise<void> {
    await this.showMode('序列');
    await expect(this.page.getByTestId('sequence-view')).toBeVisible();
  }

  /** SEQUENCE's small maps, oldest batch first. */
  sequenceMaps() {
    return this.page.getByTestId('sequence-map');
  }

  /** The batch names over SEQUENCE's maps. */
  sequenceBatchNames() {
    return this.page.getByTestId('sequence-batch');
  }

  /** The rows of SEQUENCE's table, one per batch shown. */
  sequenceRows() {
    return this.page.getByTestId('sequence-table').getByTestId('batch-row');
  }

  /** Switches to 趋势 and waits for its charts. */
  async showTrend(): Promise<void> {
    await this.showMode('趋势');
    await expect(this.page.getByTestId('trend-charts')).toBeVisible();
  }

  /** TREND's line chart or stacked bars, once ECharts has drawn it. */
  trendChart(which: 'line' | 'bars') {
    return this.page.getByTestId(`trend-${which}`).locator('canvas');
  }

  /** The rows of TREND's table, oldest batch first. */
  trendRows() {
    return this.page.getByTestId('trend-table').getByTestId('batch-row');
  }

  /** Clicks the batch of TREND's table row `index`; resolves with the batch's name. */
  async openBatchFromTrend(index: number): Promise<string> {
    const row = this.trendRows().nth(index);
    const name = (await row.locator('a').textContent()) ?? '';
    await row.click();
    await expect(this.page.getByTestId('detail-panel')).toBeVisible();
    return name;
  }

  /** The spots of the page shown in the list (their 编号 cells). */
  spotRows() {
    return this.page.getByTestId('spot-table').getByTestId('spot-row');
  }

  /** Opens the first spot of the list and waits for its drawer to stand still. */
  async openFirstSpot(): Promise<void> {
    await this.spotRows().first().click();
    const drawer = this.page.getByTestId('spot-drawer');
    await expect(drawer.getByTestId('spot-facts')).toBeVisible();
    await untilStill(drawer);
  }

  /** The open spot's facts. */
  spotFacts() {
    return this.page.getByTestId('spot-facts');
  }

  /** The pictures of the open spot, once loaded. */
  picture(when: 'before' | 'after') {
    return this.page.getByTestId(`picture-${when}`);
  }

  /** The swipe comparison's divider (a slider: aria-valuenow is its position, 0–100). */
  swipeHandle() {
    return this.page.getByTestId('swipe-handle');
  }

  /** Drags the divider to a fraction of the comparison's width (0 left, 1 right). */
  async dragSwipe(to: number): Promise<void> {
    const handle = await this.swipeHandle().boundingBox();
    const pictures = await this.page.getByTestId('swipe').boundingBox();
    if (!handle || !pictures) throw new Error('the swipe comparison is not on the page');
    await this.page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(pictures.x + to * pictures.width, handle.y + handle.height / 2, {
      steps: 8,
    });
    await this.page.mouse.up();
  }

  /** 导出Excel of the listed spots; resolves with the download once it arrives. */
  async exportExcel(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('export-excel').click();
    return download;
  }
}
