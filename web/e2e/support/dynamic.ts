// What a user does on 动态分析 (/monitor/dynamicAnalysis), in the app's own words; elements
// by their data-testid.
import { expect, type Download, type Page } from './harness';
import { untilStill } from './motion';

export class DynamicDriver {
  constructor(readonly page: Page) {}

  /**
   * Chooses a theme by its title, as the select's open list shows it, and waits for the list
   * to close (a list still closing takes the next click).
   */
  async chooseTheme(title: string): Promise<void> {
    await this.page.getByTestId('dynamic-theme').click();
    const list = this.page.locator('.ant-select-dropdown:visible');
    await untilStill(list);
    await list.getByTitle(title, { exact: true }).click();
    await expect(list).toHaveCount(0);
    await expect(this.page.getByTestId('dynamic-theme')).toContainText(title);
  }

  /** 「湖北省：… 至 …，新增 N 个…」 above the table. */
  total() {
    return this.page.getByTestId('dynamic-total');
  }

  /** The rows of the regions one level down. */
  regionRows() {
    return this.page.getByTestId('dynamic-table').getByTestId('region-row');
  }

  /** The four colours over the map. */
  legendKinds() {
    return this.page.getByTestId('dynamic-legend').getByTestId('legend-kind');
  }

  /** 导出Excel; resolves with the download once it arrives. */
  async exportExcel(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('dynamic-export').click();
    return download;
  }
}
