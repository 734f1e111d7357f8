// 轨道预报 (/orbitalPredict): when GF and ZY satellites can image 湖北 in a week.
import { demoUsers } from './support/driver';
import { expect, test } from './support/harness';
import { OrbitDriver } from './support/orbit';

test('hubei logs in, predicts a week of GF and ZY opportunities over 湖北, picks one and exports a calendar', async ({
  app,
}) => {
  const orbit = new OrbitDriver(app.page);
  // given an anonymous visitor opening 轨道预报: the login dialog comes first
  await app.open('/orbitalPredict');
  await expect(app.loginDialog()).toBeVisible();
  await app.fillLoginDialog(demoUsers.hubei);
  await app.waitForAddress('/chinese/orbitalPredict');
  await expect(app.pageTitle()).toHaveText('轨道预报');
  // and the demo's element sets are old: the page says so
  await expect(orbit.staleWarning()).toContainText('演示轨道根数');
  // when they pick the GF and ZY series, 湖北省 and seven days, and predict
  await orbit.pickSeries('GF', 'ZY');
  await orbit.chooseRegion('湖北省');
  await orbit.setDays(7);
  await orbit.predict();
  // then the opportunities show on the timeline, in the table and on the map
  await expect(orbit.summary()).toContainText('次成像机会');
  await expect(orbit.timelineRows().first()).toBeVisible();
  await expect(orbit.passRows().first()).toBeVisible();
  await expect(orbit.selectedBar()).toHaveCount(1);
  await expect.poll(() => orbit.featuresDrawn('orbit_pass')).toBeGreaterThan(0);
  // when they click the second row
  const row = orbit.passRows().nth(1);
  await row.click();
  // then it is the selected pass in the table and on the timeline
  await expect(row).toHaveAttribute('data-selected', 'true');
  const key = await row.getAttribute('data-row-key');
  await expect(orbit.selectedBar()).toHaveAttribute('data-key', key ?? '');
  // when they export the calendar
  const calendar = await orbit.exportCalendar();
  // then an iCalendar file with events arrives
  expect(calendar.name).toMatch(/\.ics$/);
  expect(calendar.text.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(calendar.text).toContain('BEGIN:VEVENT');
});
