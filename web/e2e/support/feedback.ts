// What a user does with feedback (/about/contactUs/idea, 我的反馈) and what an editor does at
// /manage/feedback, in the app's own words; elements by their data-testid.
import { expect, type Page } from './harness';
import { chooseOption, untilOverlayStill } from './motion';

export class FeedbackDriver {
  constructor(readonly page: Page) {}

  /** Fills the feedback form with a category and text and sends it; waits for 提交成功. */
  async send(category: string, text: string): Promise<void> {
    await chooseOption(this.page, 'feedback-category', category);
    await this.page.getByTestId('feedback-content').fill(text);
    await this.page.getByTestId('feedback-submit').click();
    await expect(this.page.getByTestId('feedback-sent')).toContainText('提交成功');
  }

  /** One's own feedback items, newest first (the idea page or 我的反馈). */
  ownItems() {
    return this.page.getByTestId('feedback-item');
  }

  /** The editors' table row holding `text`. */
  adminRow(text: string) {
    return this.page.getByTestId('feedback-admin-table').locator('tr', { hasText: text });
  }

  /** Answers the feedback whose row holds `text` through the dialog; waits for it to close. */
  async answer(text: string, answer: string): Promise<void> {
    await this.adminRow(text).getByTestId('feedback-answer').click();
    await untilOverlayStill(this.page, 'feedback-answer-text');
    await this.page.getByTestId('feedback-answer-text').fill(answer);
    await this.page.getByTestId('feedback-answer-submit').click();
    await expect(this.page.getByTestId('feedback-answer-text')).toBeHidden();
  }
}
