import { demoUsers } from './support/driver';
import { FeedbackDriver } from './support/feedback';
import { expect, test } from './support/harness';

test('a provincial user sends feedback, an editor answers it, and the user reads the answer', async ({
  app,
}) => {
  // Three logins and two roles: 17 s on a quiet machine, and past 30 s with both cores busy
  // (every step slower, none stuck), so it gets the budget of the other long journeys.
  test.setTimeout(60_000);
  const feedback = new FeedbackDriver(app.page);
  // given the demo's provincial user, who holds the feedback permission (MOD_054)
  const user = demoUsers.hubei;
  // the editor's list is shared by every run against this server: the text names this one
  const text = `十堰市缺少2026年10月的高分二号影像（${test.info().testId}-${Date.now()}）`;
  await app.open('/about/contactUs/idea');
  await app.fillLoginDialog(user);
  // when they send feedback from the form
  await feedback.send('数据问题', text);
  // then their list shows it, waiting for an answer
  await expect(feedback.ownItems().first()).toContainText(text);
  await expect(feedback.ownItems().first()).toContainText('待回复');
  await app.logOut();

  // when the editor answers it from 意见反馈管理
  await app.open('/home');
  await app.logIn(demoUsers.editor);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/manage/feedback');
  await expect(feedback.adminRow(text)).toContainText(user.username);
  await feedback.answer(text, '已安排补充，预计下周入库。');
  // then it leaves the unanswered list
  await expect(feedback.adminRow(text)).toHaveCount(0);
  await app.logOut();

  // and the user reads the answer in the personal centre
  await app.open('/home');
  await app.logIn(user);
  await expect(app.personalCentreLink()).toBeVisible();
  await app.open('/personal/personalCenter/myFeedback');
  const item = feedback.ownItems().filter({ hasText: text });
  await expect(item.getByTestId('feedback-answer')).toContainText('已安排补充，预计下周入库。');
  await expect(item).toContainText('已回复');
});

test('a visitor reads the platform introduction and finds an answer in the FAQ', async ({
  app,
}) => {
  await app.open('/platform/platformIntro/description');
  await expect(app.page.getByTestId('editable-page-body')).not.toBeEmpty();
  await app.open('/about/FAQ');
  const questions = app.page.getByTestId('faq-question');
  await expect(questions.first()).toBeVisible();
  const first = (await questions.first().innerText()).trim();
  const search = app.page.getByTestId('faq-search').locator('input');
  // when they search for something no entry holds, the list says so
  await search.fill('火星基地');
  await expect(app.page.getByTestId('faq-empty')).toContainText('火星基地');
  // and searching a phrase of the first question finds it again; its answer opens
  await search.fill([...first].slice(0, 4).join(''));
  await questions.filter({ hasText: first }).click();
  await expect(app.page.getByTestId('faq-answer').first()).toBeVisible();
});
