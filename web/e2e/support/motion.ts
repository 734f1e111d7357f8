// antd animates dialogs, pop-ups and drop-down lists as they open and close. While one moves,
// a click lands where its target was, not where it is, and a list still closing lies over the
// next field; so drivers wait for the motion to end before they click into one. Playwright's
// own "stable" check is not enough: antd holds an opening dialog at its small starting scale
// for a frame or more before the zoom runs, and a busy machine shows it still for two frames.
import { expect, type Locator, type Page } from './harness';

/** The classes antd gives an element while it animates in or out. */
const MOTION = /\bant-[\w-]+-(enter|appear|leave)\b/;

/** Resolves once the element has stopped animating in or out. */
export async function untilStill(element: Locator): Promise<void> {
  await expect(element).not.toHaveClass(MOTION);
}

/** Resolves once the dialog or pop-up holding the element with this test id stands still. */
export async function untilOverlayStill(page: Page, testId: string): Promise<void> {
  await untilStill(page.locator('.ant-modal, .ant-popover', { has: page.getByTestId(testId) }));
}

/**
 * Chooses the option labelled `label` in the antd select of `selectTestId`: opens its list,
 * waits for the list to stop sliding in, clicks the option and waits for the list to be gone,
 * since a list still closing lies over the next field and takes the next click.
 */
export async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  const select = page.getByTestId(selectTestId);
  await select.click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await untilStill(list);
  await list.getByTitle(label, { exact: true }).click();
  await expect(list).toHaveCount(0);
  await expect(select).toContainText(label);
}
