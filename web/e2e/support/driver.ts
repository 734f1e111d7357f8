// What a visitor does on the platform, in the app's own words. Specs talk to this, never to
// selectors; elements are found by their data-testid.
import type { Page } from './harness';

/** The SPA's base path on the server (Vite `base`). */
const BASE = '/chinese';

export class AppDriver {
  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {}

  /** Opens an address of the server, e.g. '/chinese/home', as if typed into the address bar. */
  async visit(address: string): Promise<void> {
    await this.page.goto(`${this.origin}${address}`);
  }

  /** Opens a page of the app by its route, e.g. '/platform/platformIntro/description'. */
  async open(route: string): Promise<void> {
    await this.visit(`${BASE}${route}`);
  }

  /** Waits until the address bar shows `address` (a path on the server). */
  async waitForAddress(address: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === address);
  }

  homePage() {
    return this.page.getByTestId('home-page');
  }

  pageTitle() {
    return this.page.getByTestId('page-title');
  }

  /** A menu entry by its route, e.g. '/satellite/chinese', or key, e.g. 'links'. */
  menuEntry(key: string) {
    const id = key.replace(/^\//, '').replaceAll('/', '-');
    return this.page.getByTestId(`menu-${id}`);
  }

  async hoverMenu(key: string): Promise<void> {
    await this.menuEntry(key).hover();
  }

  async scrollDown(pixels: number): Promise<void> {
    await this.page.mouse.move(640, 400);
    await this.page.mouse.wheel(0, pixels);
    await this.page.waitForFunction((y) => window.scrollY >= y, pixels);
  }

  scrollPosition(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }

  backToTopButton() {
    return this.page.getByTestId('back-to-top');
  }

  /** Makes the server unreachable for an area's page chunk, e.g. 'PlatformPage'. */
  async breakPageChunk(module: string): Promise<void> {
    await this.page.route(`**${BASE}/assets/${module}-*.js`, (route) => route.abort());
  }

  /** Makes the server unreachable for an area's stylesheet, e.g. 'HomePage'. */
  async breakPageStylesheet(module: string): Promise<void> {
    await this.page.route(`**${BASE}/assets/${module}-*.css`, (route) => route.abort());
  }

  async restoreNetwork(): Promise<void> {
    await this.page.unrouteAll();
  }

  pageFailure() {
    return this.page.getByTestId('route-error');
  }

  async reloadAfterFailure(): Promise<void> {
    await this.page.getByTestId('reload-page').click();
  }
}
