// What an editor does in the content console (系统管理 → 新闻管理), in the app's own words;
// elements by their data-testid.
import { expect, type Page } from './harness';
import { chooseOption } from './motion';

/**
 * A 24×24 PNG with a colour gradient (made for these tests: rows of RGB pixels, deflated),
 * small enough to write here and a real image the server's content check accepts.
 */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAEFklEQVR42g3Moe52UADA4e9K/lEUxZNMEEw6yQTBpJPMfhNMOskEwaSTTBBMOskEwSTR9XzvcwHPvz8eh8fl8XgET8AT8UielCfnUTwVT8OjeXqekcfwLDwbj+U5eW6el+fj+ffH5XC5XB6X4Aq4Ii7JlXLlXIqr4mq4NFfPNXIZroVr47JcJ9fN9XJ9XL/ocDhcDo9DcAQcEYfkSDlyDsVRcTQcmqPnGDkMx8KxcViOk+PmeDk+jl9kHayL9bACG2AjrMSm2ByrsBW2wWpsjx2xBrtgN6zFntgb+2I/7C/aHXaX3WMX7AF7xC7ZU/acXbFX7A27Zu/ZR3bDvrBv7Jb9ZL/ZX/aP/RetDqvL6rEK1oA1YpWsKWvOqlgr1oZVs/asI6thXVg3Vst6st6sL+vH+otmh9ll9pgFc8AcMUvmlDlnVswVc8OsmXvmkdkwL8wbs2U+mW/ml/lj/kXGwbgYDyMwASbCSEyKyTEKU2EajMb0mBFjMAtmw1jMibkxL+bD/KLJYXKZPCbBFDBFTJIpZcqZFFPF1DBppp5pZDJMC9PGZJlOppvpZfqYftHgMLgMHoNgCBgiBsmQMuQMiqFiaBg0Q88wMhiGhWFjsAwnw83wMnwMv6hz6Fw6j07QBXQRnaRL6XI6RVfRNXSarqcb6QzdQrfRWbqT7qZ76T66X6QdtIv20AIdoCO0RKfoHK3QFbpBa3SPHtEGvaA3tEWf6Bv9oj/0L2odWpfWoxW0AW1EK2lT2pxW0Va0Da2m7WlHWkO70G60lvakvWlf2o/2F9UOtUvtUQvqgDqiltQpdU6tqCvqhlpT99QjtaFeqDdqS31S39Qv9Uf9i0qH0qX0KAVlQBlRSsqUMqdUlBVlQ6kpe8qR0lAulBulpTwpb8qX8qP8RcpBuSgPJVABKkJJVIrKUQpVoRqURvWoEWVQC2pDWdSJulEv6kP9osKhcCk8CkERUEQUkiKlyCkURUXRUGiKnmKkMBQLxUZhKU6Km+Kl+Ch+UeaQuWQemSALyCIySZaS5WSKrCJryDRZTzaSGbKFbCOzZCfZTfaSfWS/KHFIXBKPRJAEJBGJJElJchJFUpE0JJqkJxlJDMlCspFYkpPkJnlJPpJfJB2ki/SQAhkgI6REpsgcqZAVskFqZI8ckQa5IDekRZ7IG/kiP+Qvih1il9gjFsQBcUQsiVPinFgRV8QNsSbuiUdiQ7wQb8SW+CS+iV/ij/gXhQ6hS+gRCsKAMCKUhClhTqgIK8KGUBP2hCOhIVwIN0JLeBLehC/hR/iLfAffxffwBX6AH+FL/BQ/x1f4FX6Dr/F7/BHf4C/4G77FP/Fv/Bf/w/9FwkG4CA8hEAEiQkhEisgRClEhGoRG9IgRYRALYkNYxIm4ES/iQ/wHznJHbvHoqDsAAAAASUVORK5CYII=',
  'base64',
);

export class ConsoleDriver {
  constructor(readonly page: Page) {}

  /** Opens the console from the header's entry; it starts on 新闻管理. */
  async openFromHeader(): Promise<void> {
    await this.page.getByTestId('manage-link').click();
    await expect(this.page.getByTestId('news-admin')).toBeVisible();
  }

  /** Starts a new item of the news type named `type`, e.g. 通知公告. */
  async newItem(type: string, title: string): Promise<void> {
    await this.page.getByTestId('news-new').click();
    await expect(this.page.getByTestId('news-form')).toBeVisible();
    await chooseOption(this.page, 'news-form-type', type);
    await this.page.getByTestId('news-form-title').fill(title);
  }

  /** Types a paragraph into the body's editable area. */
  async writeBody(text: string): Promise<void> {
    const area = this.page.getByTestId('news-body-area');
    await area.click();
    await area.pressSequentially(text);
  }

  /** Uploads `png` through the toolbar; it shows in the body once the server stored it. */
  async insertImage(name: string, png: Buffer): Promise<void> {
    await this.page
      .getByTestId('news-body-image-input')
      .setInputFiles({ name, mimeType: 'image/png', buffer: png });
    await expect(this.bodyImage()).toBeVisible();
  }

  bodyImage() {
    return this.page.getByTestId('news-body-area').locator('img');
  }

  /** Saves the form and waits for the server's answer. */
  async save(): Promise<void> {
    await this.page.getByTestId('news-form-save').click();
    await expect(this.page.getByTestId('news-form-saved')).toBeVisible();
  }

  async backToList(): Promise<void> {
    await this.page.getByTestId('news-form-back').click();
    await expect(this.page.getByTestId('news-admin')).toBeVisible();
  }

  /** The table row of an item, found by searching its title. */
  async find(title: string) {
    const box = this.page.getByTestId('news-title-filter').locator('input');
    await box.fill(title);
    await box.press('Enter');
    const row = this.page.getByTestId('news-table').locator('tr', { hasText: title });
    await expect(row).toBeVisible();
    return row;
  }
}
