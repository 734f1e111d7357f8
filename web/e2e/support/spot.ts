// What a node's account and a manager do on 图斑推送 (/push/spot), in the app's own words:
// open a batch, verify its spots (result, position on the map, photos, 提交), and review them
// (待审核, 通过). Elements by data-testid.
import { expect, type Page } from './harness';
import { mapOverlays, mapSettled } from './map';
import { chooseOption } from './motion';

export class SpotDriver {
  constructor(readonly page: Page) {}

  /** A batch of the list by its name. */
  batch(name: string) {
    return this.page.getByTestId('spot-batch').filter({ hasText: name });
  }

  async openBatch(name: string): Promise<void> {
    await this.batch(name).getByRole('button', { name }).click();
  }

  batchName() {
    return this.page.getByTestId('spot-batch-name');
  }

  /** The records of the list shown (a table row each). */
  records() {
    return this.page.getByTestId('spot-record-table').locator('tbody tr.spot-record-row');
  }

  /** The spot named in the first cell of each record of the list. */
  async recordTitles(): Promise<string[]> {
    return this.records().locator('td:first-child').allInnerTexts();
  }

  async openRecord(title: string): Promise<void> {
    await this.records().filter({ hasText: title }).first().click();
    await expect(this.recordName()).toHaveText(title);
  }

  recordName() {
    return this.page.getByTestId('spot-record-name');
  }

  recordState() {
    return this.page.getByTestId('spot-record-state');
  }

  async chooseResult(label: string): Promise<void> {
    await chooseOption(this.page, 'spot-result', label);
  }

  /** The 核实类型 select: offered for the themes that type their spots. */
  verifiedType() {
    return this.page.getByTestId('spot-verified-type');
  }

  async chooseVerifiedType(label: string): Promise<void> {
    await chooseOption(this.page, 'spot-verified-type', label);
  }

  /** 定位, then a click on the middle of the map: the record's position. */
  async placePositionOnMap(): Promise<void> {
    await this.page.getByTestId('spot-locate').click();
    await mapSettled(this.page);
    await this.page.getByTestId('map-canvas').click();
  }

  longitude() {
    return this.page.getByRole('spinbutton', { name: '经度' });
  }

  latitude() {
    return this.page.getByRole('spinbutton', { name: '纬度' });
  }

  async uploadPhoto(file: string): Promise<void> {
    await this.page
      .getByTestId('spot-photo-upload')
      .locator('input[type=file]')
      .setInputFiles(file);
  }

  /** The photos shown as pictures (fetched with the session's token). */
  photoPictures() {
    return this.page.getByTestId('spot-photo').locator('img');
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('spot-submit').click();
  }

  async approve(): Promise<void> {
    await this.page.getByTestId('spot-approve').click();
  }

  async backToList(): Promise<void> {
    await this.page.getByTestId('spot-record-back').click();
  }

  async openTab(name: '图斑批次' | '重点变化' | '待审核'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  /** Features drawn per layer of the map when it last settled. */
  async overlays(): Promise<Record<string, number>> {
    return mapOverlays(this.page);
  }
}
