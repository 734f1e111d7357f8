// What a visitor does on the platform, in the app's own words. Specs talk to this, never to
// selectors; elements are found by their data-testid.
import { expect, type Locator, type Page, type Server } from './harness';
import { untilOverlayStill } from './motion';

/** The SPA's base path on the server (Vite `base`). */
const BASE = '/chinese';

/** The answer every captcha accepts in these journeys (the harness sets the server up so). */
export const CAPTCHA_FIXED = 'TEST';

/** The demo accounts of `rscloud serve --demo`. */
export const demoUsers = {
  /** The administrator: every permission, the whole country, the 系统管理 pages. */
  admin: { username: 'admin', password: 'Admin12345' },
  /** Monitoring permissions and the cart, area range 420000. */
  hubei: { username: 'hubei', password: 'Hubei12345' },
  /** No module permission. */
  person: { username: 'person', password: 'Person12345' },
  /** The content editor: the console's news, pages, files and feedback answers, nothing of administration. */
  editor: { username: 'editor', password: 'Editor12345' },
} as const;

export interface Credentials {
  username: string;
  password: string;
}

let accountsMade = 0;
let numbersMade = 0;

/** A mainland mobile number no other test of this run uses (13 + nine digits). */
export function newTelephone(): string {
  numbersMade += 1;
  const serial = (Date.now() * 10 + numbersMade) % 1_000_000_000;
  return `13${String(serial).padStart(9, '0')}`;
}

/** A password the account rules accept (letters and digits), new for each call. */
export function newPassword(): string {
  numbersMade += 1;
  return `New${numbersMade}pass${Date.now() % 100_000}`;
}

/** Waits until a captcha picture has loaded: the server accepts only a captcha it has shown. */
async function pictureShown(picture: Locator): Promise<void> {
  await picture.evaluate((img: HTMLImageElement) =>
    img.complete && img.naturalWidth > 0
      ? undefined
      : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
  );
}

/** Accounts made with the real command line (`rscloud user …`), as an administrator would. */
export class Accounts {
  constructor(private readonly server: Server) {}

  /**
   * A new account; the name gets a suffix so that every test has its own.
   * `roles`: e.g. ['monitor']; `ranges`: region codes, e.g. ['420000'].
   */
  add(
    name: string,
    options: {
      roles?: string[];
      ranges?: string[];
      mustChangePassword?: boolean;
      telephone?: string;
    } = {},
  ): Credentials {
    accountsMade += 1;
    const user = {
      username: `${name}_${process.pid % 1000}_${accountsMade}`,
      password: 'Pass12345',
    };
    this.server.cli(
      [
        'user',
        'add',
        user.username,
        ...(options.mustChangePassword ? ['--must-change-password'] : []),
        ...(options.telephone ? ['--telephone', options.telephone] : []),
      ],
      `${user.password}\n`,
    );
    if (options.roles?.length) this.server.cli(['user', 'grant', user.username, ...options.roles]);
    if (options.ranges?.length)
      this.server.cli(['user', 'range', user.username, ...options.ranges]);
    return user;
  }

  /**
   * The six digits of the newest text message to `telephone`, read from the server's SMS
   * outbox with `rscloud outbox` (lines: time, number, text; newest first).
   */
  lastTextedCode(telephone: string): string {
    const lines = this.server.cli(['outbox', '--limit', '50']).split('\n');
    const text = lines.find((line) => line.split(/\s+/).includes(telephone));
    const code = text && /验证码为\s*(\d{6})/.exec(text)?.[1];
    if (!code)
      throw new Error(`no code texted to ${telephone} in the outbox:\n${lines.join('\n')}`);
    return code;
  }

  /** Sets a new password; the server ends every session of the account. */
  changePassword(username: string, password: string): void {
    this.server.cli(['user', 'passwd', username], `${password}\n`);
  }
}

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

  /** Logs in through the header's login button and the dialog. */
  async logIn(user: Credentials): Promise<void> {
    await this.openLoginDialog();
    await this.fillLoginDialog(user);
  }

  /** 登录 in the header; resolves once the dialog has stopped zooming in and takes clicks. */
  async openLoginDialog(): Promise<void> {
    await this.loginButton().click();
    await untilOverlayStill(this.page, 'login-dialog');
  }

  /** Fills the open login dialog and submits it with Enter. */
  async fillLoginDialog({ username, password }: Credentials): Promise<void> {
    const dialog = this.loginDialog();
    // The dialog focuses the username field once its opening animation ends; typing
    // before that can lose keystrokes to the field that takes the focus.
    await this.page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'login-username',
    );
    await dialog.getByTestId('login-username').fill(username);
    await dialog.getByTestId('login-password').fill(password);
    await dialog.getByTestId('login-captcha').fill(CAPTCHA_FIXED);
    await pictureShown(dialog.getByTestId('login-captcha-image'));
    await dialog.getByTestId('login-captcha').press('Enter');
  }

  /** The captcha picture the login dialog shows; its `src` is new for each captcha. */
  loginCaptcha() {
    return this.loginDialog().getByTestId('login-captcha-image');
  }

  /** The address of the captcha picture the dialog shows, read once it has one. */
  async captchaAddress(): Promise<string> {
    await expect(this.loginCaptcha()).toHaveAttribute('src', /.+/);
    return (await this.loginCaptcha().getAttribute('src')) ?? '';
  }

  /**
   * On a page with a send-code form (`form`: 'register' or 'forgot'): answers the captcha and
   * asks for a code, then waits until the button counts down (the code is on its way).
   */
  async requestCode(form: 'register' | 'forgot'): Promise<void> {
    await this.page.getByTestId(`${form}-captcha`).fill(CAPTCHA_FIXED);
    await pictureShown(this.page.getByTestId(`${form}-captcha-image`));
    await this.page.getByTestId(`${form}-send-code`).click();
    await this.page
      .getByTestId(`${form}-send-code`)
      .filter({ hasText: /秒后重新获取/ })
      .waitFor();
  }

  /** Fills the registration form, up to the code, with a mobile number, and asks for the code. */
  async startRegistration(user: Credentials & { telephone: string }): Promise<void> {
    await this.page.getByTestId('register-username').fill(user.username);
    await this.page.getByTestId('register-password').fill(user.password);
    await this.page.getByTestId('register-confirm').fill(user.password);
    await this.page.getByTestId('register-telephone').fill(user.telephone);
    await this.requestCode('register');
  }

  async finishRegistration(code: string): Promise<void> {
    await this.page.getByTestId('register-code').fill(code);
    await this.page.getByTestId('register-submit').click();
  }

  /** Fills 「通过手机号/邮箱找回」 with a mobile number and asks for the code. */
  async startPasswordRecovery(telephone: string): Promise<void> {
    await this.page.getByTestId('reset-tab-code').click();
    await this.page.getByTestId('forgot-address').fill(telephone);
    await this.requestCode('forgot');
  }

  async finishPasswordRecovery(code: string, password: string): Promise<void> {
    await this.page.getByTestId('forgot-code').fill(code);
    await this.page.getByTestId('forgot-password').fill(password);
    await this.page.getByTestId('forgot-confirm').fill(password);
    await this.page.getByTestId('forgot-submit').click();
  }

  /** Fills 「使用原密码修改」 (the username as found) and submits it. */
  async changePassword(oldPassword: string, password: string): Promise<void> {
    await this.page.getByTestId('change-old-password').fill(oldPassword);
    await this.page.getByTestId('change-password').fill(password);
    await this.page.getByTestId('change-confirm').fill(password);
    await this.page.getByTestId('change-captcha').fill(CAPTCHA_FIXED);
    await pictureShown(this.page.getByTestId('change-captcha-image'));
    await this.page.getByTestId('change-submit').click();
  }

  /** A field of the account forms by its test id, e.g. 'register-username'. */
  field(testId: string) {
    return this.page.getByTestId(testId);
  }

  registrationDone() {
    return this.page.getByTestId('register-done');
  }

  passwordResetDone() {
    return this.page.getByTestId('reset-done');
  }

  /** The 立即登录 button of a finished registration or password reset. */
  async logInAfterwards(): Promise<void> {
    await this.page.getByTestId(/^(register|reset)-login$/).click();
  }

  /** The open tab of /resetPassword (its label). */
  activeResetTab() {
    return this.page.getByRole('tab', { selected: true });
  }

  async logOut(): Promise<void> {
    await this.page.getByTestId('logout-button').click();
  }

  loginButton() {
    return this.page.getByTestId('login-button');
  }

  registerButton() {
    return this.page.getByTestId('register-button');
  }

  loginDialog() {
    return this.page.getByTestId('login-dialog');
  }

  personalCentreLink() {
    return this.page.getByTestId('personal-link');
  }

  cartLink() {
    return this.page.getByTestId('cart-link');
  }

  /** The count on the header's cart icon. */
  cartBadge() {
    return this.page.getByTestId('cart-badge');
  }

  /** The page's own refusal (403 state) in place of a page the user may not see. */
  accessRefusal() {
    return this.page.getByTestId('access-refused');
  }

  upgradeNotice() {
    return this.page.getByTestId('upgrade-notice');
  }

  async confirmUpgrade(): Promise<void> {
    await this.page.getByTestId('upgrade-confirm').click();
  }

  /** A toast message with this text. */
  toast(text: string) {
    return this.page.getByRole('alert').filter({ hasText: text });
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
