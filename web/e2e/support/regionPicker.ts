// The shared region picker (src/components/RegionPicker), as every page that has one uses it.
import type { Page } from './harness';
import { untilStill } from './motion';

/** Chooses a region in the picker level by level, e.g. '湖北省', '武汉市', '洪山区'. */
export async function chooseRegion(page: Page, ...names: string[]): Promise<void> {
  await page.getByTestId('region-picker').click();
  const menu = page.getByTestId('region-picker-menu');
  await untilStill(page.locator('.ant-cascader-dropdown:visible'));
  for (const name of names) {
    await menu
      .getByTestId('region-option')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
  }
}
