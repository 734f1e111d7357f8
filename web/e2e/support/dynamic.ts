// What a user does on 动态分析 (/monitor/dynamicAnalysis), in the app's own words; elements
// by their data-testid.
import type { Download, Page } from './harness';
import { chooseOption } from './motion';

export class DynamicDriver {
  constructor(readonly page: Page) {}

  /**
   * Chooses a theme by its title, as the select's open list shows it, and waits for the list
   * to close (a list still closing takes the next click).
   */
  async chooseTheme(title: string): Promise<void> {
    await chooseOption(this.page, 'dynamic-theme', title);
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
