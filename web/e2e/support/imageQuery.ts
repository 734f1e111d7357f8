// What a visitor does on 影像查询 (/normal) and its map, in the app's own words. The map
// exposes its state on the element `map-canvas`: `data-view` (center, zoom, bounds,
// projection, after every movement), `data-idle` (everything loaded is drawn) and
// `data-rendered` (base-map features drawn at the last idle).
import type { Page } from './harness';

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
    await this.page.goto(`${this.origin}/chinese/normal`);
  }

  map() {
    return this.page.getByTestId('map-canvas');
  }

  /** Waits until the map has drawn everything it loaded. */
  async mapSettled(): Promise<void> {
    await this.page
      .getByTestId('map-canvas')
      .and(this.page.locator('[data-idle="true"]'))
      .waitFor();
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
    await this.page.getByTestId('region-picker').click();
    const menu = this.page.getByTestId('region-picker-menu');
    for (const name of names) {
      await menu
        .getByTestId('region-option')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .click();
    }
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
    return this.page.getByTestId('drawn-extent');
  }

  async drawnBbox(): Promise<Bbox> {
    return JSON.parse((await this.drawnExtent().getAttribute('data-bbox')) ?? 'null') as Bbox;
  }

  async clearDrawing(): Promise<void> {
    await this.page.getByTestId('map-clear').click();
  }

  /** Where the cursor is, as the readout under the map says it. */
  cursorReadout() {
    return this.page.getByTestId('map-cursor');
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path });
  }
}
