// What a visitor does on 影像查询 (/normal) and its map, in the app's own words (how the map
// shows its state: map.ts).
import { readFileSync } from 'node:fs';
import { expect, type Download, type Page } from './harness';
import { mapOverlays, mapSettled, probeMap } from './map';
import { chooseRegion } from './regionPicker';

/** [west, south, east, north] in degrees. */
export type Bbox = [number, number, number, number];

export interface MapView {
  center: [number, number];
  zoom: number;
  bounds: Bbox;
  projection: 'mercator' | 'globe';
}

export class ImageQueryDriver {
  /** Every address the page asked for since it was created, in order. */
  readonly requests: string[] = [];

  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    page.on('request', (request) => this.requests.push(request.url()));
  }

  async open(): Promise<void> {
    // The map counts its base-map features (`data-rendered`) only when asked to.
    await probeMap(this.page);
    await this.page.goto(`${this.origin}/chinese/normal`);
  }

  map() {
    return this.page.getByTestId('map-canvas');
  }

  /** Waits until the map has drawn everything it loaded. */
  async mapSettled(): Promise<void> {
    await mapSettled(this.page);
  }

  async view(): Promise<MapView | null> {
    const view = await this.map().getAttribute('data-view');
    return view ? (JSON.parse(view) as MapView) : null;
  }

  /** How many base-map features (lines, areas, labels) the map drew when it last settled. */
  async renderedFeatures(): Promise<number> {
    return Number((await this.map().getAttribute('data-rendered')) ?? 0);
  }

  /** The requests to hosts other than the server (data: and blob: addresses are local). */
  foreignRequests(): string[] {
    return this.requests.filter((address) => {
      const url = new URL(address);
      return url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== this.origin;
    });
  }

  /** The map's vector tiles asked for so far. */
  tileRequests(): string[] {
    return this.requests.filter((address) => /\/ows\/cloudPlatform\/wmts\/.+\.pbf$/.test(address));
  }

  /** Chooses a region in the picker level by level, e.g. '湖北省', '武汉市', '洪山区'. */
  async chooseRegion(...names: string[]): Promise<void> {
    await chooseRegion(this.page, ...names);
  }

  /** What the picker shows, e.g. '湖北省 / 武汉市 / 洪山区'. */
  chosenRegion() {
    return this.page.getByTestId('region-picker');
  }

  /** A region's bounding box as the server has it. */
  async regionBbox(code: string): Promise<Bbox> {
    const answer = (await (await fetch(`${this.origin}/api/region/v2/id/${code}`)).json()) as {
      data: { bbox: Bbox };
    };
    return answer.data.bbox;
  }

  async showGlobe(): Promise<void> {
    await this.page.getByTestId('map-projection').getByText('球面').click();
  }

  async showFlatMap(): Promise<void> {
    await this.page.getByTestId('map-projection').getByText('平面').click();
  }

  /**
   * Draws a rectangle with the mouse between two points of the map, given as fractions of
   * its width and height: click, move, click.
   */
  async drawRectangle(from: [number, number], to: [number, number]): Promise<void> {
    await this.page.getByTestId('map-draw-rectangle').click();
    const box = await this.map().boundingBox();
    if (!box) throw new Error('the map is not on the page');
    const at = ([x, y]: [number, number]) =>
      [box.x + x * box.width, box.y + y * box.height] as const;
    await this.page.mouse.move(...at(from));
    await this.page.mouse.down();
    await this.page.mouse.up();
    await this.page.mouse.move(...at(to), { steps: 8 });
    await this.page.mouse.down();
    await this.page.mouse.up();
  }

  /** The extent of the drawn shape as the page reports it. */
  drawnExtent() {
    return this.page.getByTestId('area-extent');
  }

  async drawnBbox(): Promise<Bbox> {
    return JSON.parse((await this.drawnExtent().getAttribute('data-bbox')) ?? 'null') as Bbox;
  }

  async clearDrawing(): Promise<void> {
    await this.page.getByTestId('map-clear').click();
  }

  /**
   * Draws a polygon through points of the map (fractions of its width and height): a click
   * on each, then a click on the first one closes it.
   */
  async drawPolygon(points: [number, number][]): Promise<void> {
    await this.page.getByTestId('map-draw-polygon').click();
    const box = await this.map().boundingBox();
    if (!box) throw new Error('the map is not on the page');
    for (const [x, y] of [...points, points[0] ?? [0, 0]]) {
      await this.page.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 4 });
      await this.page.mouse.down();
      await this.page.mouse.up();
    }
  }

  /** Features drawn per page layer when the map last settled, e.g. {footprints: 20}. */
  async overlays(): Promise<Record<string, number>> {
    return mapOverlays(this.page);
  }

  /** The select mode 行政区, 框选, 上传SHP, 绘制 or 文件 (by its label). */
  async chooseMode(label: string): Promise<void> {
    await this.page.getByTestId('select-mode').getByText(label, { exact: true }).click();
  }

  selectedMode() {
    return this.page.getByTestId('select-mode').locator('.ant-segmented-item-selected');
  }

  /** Uploads an area of interest file (mode 上传SHP must be chosen). */
  async uploadShape(name: string, content: string): Promise<void> {
    await this.page
      .getByTestId('upload-shape')
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(content) });
  }

  uploadedShape() {
    return this.page.getByTestId('uploaded-shape');
  }

  /** Uploads a list of file names (mode 文件 must be chosen; 文件名 is the default kind). */
  async uploadList(name: string, content: string): Promise<void> {
    await this.page
      .getByTestId('upload-list')
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
  }

  /** What the page says of the uploaded list: entries read, lines left out. */
  uploadedList() {
    return this.page.getByTestId('uploaded-list');
  }

  /** The listed names the catalogue has no scene for. */
  missingNames() {
    return this.page.getByTestId('uploaded-list-missing');
  }

  /** The file names of the newest scenes over a region, as the server finds them. */
  async newestSceneNames(regionId: string, count: number): Promise<string[]> {
    const response = await fetch(`${this.origin}/api/normal/v5/normalmeta`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ selectMode: 1, regionId, pageSize: count }),
    });
    const answer = (await response.json()) as { data: { list: { fileName: string }[] } };
    return answer.data.list.map((scene) => scene.fileName);
  }

  /** Checks satellites in the filter by their catalogue value, e.g. 'GF1', 'GF2'. */
  async chooseSatellites(...values: string[]): Promise<void> {
    const field = this.page.getByTestId('filter-satellites');
    const menu = this.page.getByTestId('filter-satellites-menu');
    for (const value of values) {
      await field.click();
      // fill() replaces the search text: typed keys would be appended to the previous
      // satellite's text while the closing picker has not cleared it yet (GF1GF2).
      await field.getByRole('combobox').fill(value);
      await menu
        .locator('.ant-select-tree-treenode')
        .filter({ hasText: `（${value}）` })
        .locator('.ant-select-tree-checkbox')
        .click();
      await this.page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
  }

  /** The satellites the filter shows chosen. */
  chosenSatellites() {
    return this.page.getByTestId('filter-satellites');
  }

  async search(): Promise<void> {
    await this.page.getByRole('tab', { name: '选择' }).click();
    await this.page.getByTestId('search-button').click();
  }

  /** A sidebar tab: 选择, 结果 or 覆盖. */
  tab(name: '选择' | '结果' | '覆盖') {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  async openTab(name: '选择' | '结果' | '覆盖'): Promise<void> {
    await this.tab(name).click();
  }

  resultRows() {
    return this.page.getByTestId('scene-row');
  }

  /** How many scenes the results say the search found (web-first: `toHaveText`). */
  resultsTotal() {
    return this.page.getByTestId('results-total');
  }

  /** The number of scenes found, read once the results show one. */
  async resultTotal(): Promise<number> {
    await expect(this.resultsTotal()).toHaveText(/^\d+$/);
    return Number(await this.resultsTotal().textContent());
  }

  /** 本页落图: the page's quick-looks laid on the map. */
  async showPageFigures(): Promise<void> {
    await this.page.getByTestId('results-page-figures').click();
  }

  emptyResults() {
    return this.page.getByTestId('results-empty');
  }

  coverage() {
    return this.page.getByTestId('coverage');
  }

  coverageFigures() {
    return this.page.getByTestId('coverage-figures');
  }

  /** Clicks an export of the coverage tab and waits for the file the browser saves. */
  async exportNotCovered(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('export-not-covered').click();
    return download;
  }

  /** The names inside a zip file (read from its central directory). */
  static zipEntries(file: string): string[] {
    const zip = readFileSync(file);
    const names: string[] = [];
    // Central directory headers: signature PK\x01\x02, name length at 28, name at 46.
    for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4)) {
      const length = zip.readUInt16LE(at + 28);
      names.push(zip.toString('utf8', at + 46, at + 46 + length));
    }
    return names;
  }

  async copyLink(): Promise<void> {
    await this.page.getByTestId('copy-link').click();
  }

  /** Where the cursor is, as the readout under the map says it. */
  cursorReadout() {
    return this.page.getByTestId('map-cursor');
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path });
  }
}
