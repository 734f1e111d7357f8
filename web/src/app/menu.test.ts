import { describe, expect, it } from 'vitest';
import type { Viewer } from '../lib/access';
import { PERMISSION_NAMES } from '../api/permissions';
import { NEED_LOGIN, filterMenu, menuItems, type MenuItem } from './menu';
import { resolvePath } from './routes';

const anonymous: Viewer = { loggedIn: false, permissions: [], roles: [] };
const member: Viewer = { loggedIn: true, permissions: [], roles: [] };

const item = (key: string, nav: MenuItem['nav'], extra: Partial<MenuItem> = {}): MenuItem => ({
  key,
  label: key,
  nav,
  ...extra,
});

const keys = (items: readonly MenuItem[]): string[] =>
  items.flatMap((entry) => [entry.key, ...keys(entry.children ?? [])]);

describe('filterMenu', () => {
  it('always shows items whose nav is true', () => {
    expect(keys(filterMenu([item('a', true)], anonymous))).toEqual(['a']);
    expect(keys(filterMenu([item('a', true)], member))).toEqual(['a']);
  });

  it('shows NEED_LOGIN items to logged-in users only', () => {
    const items = [item('mine', NEED_LOGIN)];
    expect(keys(filterMenu(items, anonymous))).toEqual([]);
    expect(keys(filterMenu(items, member))).toEqual(['mine']);
  });

  it('shows other items only with their display permission, logged in or not', () => {
    const items = [item('windmill', false, { display: ['MOD_059_DISPLAY'] })];
    expect(keys(filterMenu(items, member))).toEqual([]);
    expect(
      keys(filterMenu(items, { loggedIn: true, permissions: ['MOD_059'], roles: [] })),
    ).toEqual([]);
    expect(
      keys(filterMenu(items, { loggedIn: true, permissions: ['MOD_059_DISPLAY'], roles: [] })),
    ).toEqual(['windmill']);
  });

  it('shows an item with several display permissions to a holder of any one of them', () => {
    const items = [item('dynamic', false, { display: ['MOD_058_DISPLAY', 'MOD_059_DISPLAY'] })];
    expect(keys(filterMenu(items, member))).toEqual([]);
    expect(
      keys(filterMenu(items, { loggedIn: true, permissions: ['MOD_059_DISPLAY'], roles: [] })),
    ).toEqual(['dynamic']);
  });

  it('never shows a nav-false item that has no display permission', () => {
    expect(
      keys(filterMenu([item('x', false)], { loggedIn: true, permissions: [''], roles: [] })),
    ).toEqual([]);
  });

  it('removes a parent whose children were all filtered out, at any depth', () => {
    const items = [
      item('top', true, {
        children: [item('group', true, { children: [item('leaf', NEED_LOGIN)] })],
      }),
      item('kept', true),
    ];
    expect(keys(filterMenu(items, anonymous))).toEqual(['kept']);
    expect(keys(filterMenu(items, member))).toEqual(['top', 'group', 'leaf', 'kept']);
  });

  it('keeps a parent with the children that remain, and leaves the input alone', () => {
    const items = [item('p', true, { children: [item('a', true), item('b', NEED_LOGIN)] })];
    expect(keys(filterMenu(items, anonymous))).toEqual(['p', 'a']);
    expect(keys(items)).toEqual(['p', 'a', 'b']);
  });

  it('hides a parent that fails its own rule even if its children would pass', () => {
    const items = [item('p', NEED_LOGIN, { children: [item('a', true)] })];
    expect(filterMenu(items, anonymous)).toEqual([]);
  });
});

describe('the platform menu', () => {
  const topLabels = (viewer: Viewer) => filterMenu(menuItems, viewer).map((entry) => entry.label);

  it('shows anonymous visitors neither monitoring nor the personal centre', () => {
    expect(topLabels(anonymous)).not.toContain('应用监测');
    expect(topLabels(anonymous)).not.toContain('个人中心');
    expect(topLabels(anonymous)).toEqual(expect.arrayContaining(['首页', '影像查询', '轨道预报']));
    expect(topLabels(member)).toContain('个人中心');
  });

  it('shows 推送服务 with 影像推送, 图斑推送 and 推送节点总览 to logged-in users only', () => {
    expect(topLabels(anonymous)).not.toContain('推送服务');
    const push = filterMenu(menuItems, member).find((entry) => entry.key === '/push');
    expect(push?.children?.map((entry) => [entry.label, entry.to])).toEqual([
      ['影像推送', '/push/image'],
      ['图斑推送', '/push/spot'],
      ['推送节点总览', '/push/screen'],
    ]);
  });

  it('shows 采集计划 after 推送服务: 计划填报 to units, 总体计划, 计划发布 and 采购计划 to administrators, 省级反馈 and 无人机任务 to both', () => {
    const planOf = (viewer: Viewer) =>
      filterMenu(menuItems, viewer)
        .find((entry) => entry.key === '/plan')
        ?.children?.map((entry) => [entry.label, entry.to]);
    expect(topLabels(anonymous)).not.toContain('采集计划');
    const labels = topLabels(member);
    expect(labels.indexOf('采集计划')).toBe(labels.indexOf('推送服务') + 1);
    expect(planOf(member)).toEqual([
      ['计划填报', '/plan/fill'],
      ['省级反馈', '/plan/feedback'],
      ['无人机任务', '/plan/uav'],
    ]);
    expect(planOf({ loggedIn: true, permissions: [], roles: ['admin'] })).toEqual([
      ['总体计划', '/plan/overall'],
      ['计划发布', '/plan/publish'],
      ['采购计划', '/plan/purchase'],
      ['省级反馈', '/plan/feedback'],
      ['无人机任务', '/plan/uav'],
    ]);
  });

  it('shows exactly the monitoring themes whose _DISPLAY code the user holds, and 动态分析', () => {
    const viewer = {
      loggedIn: true,
      permissions: ['MOD_056_DISPLAY', 'MOD_060_DISPLAY'],
      roles: [],
    };
    const monitor = filterMenu(menuItems, viewer).find((entry) => entry.key === '/monitor');
    // 动态分析 with any one of them.
    expect(monitor?.children?.map((entry) => entry.label)).toEqual([
      '地表覆盖监测',
      '钢铁厂监测',
      '动态分析',
    ]);
  });

  it('shows 系统管理 to staff only, whatever their permissions', () => {
    const everything = { loggedIn: true, permissions: Object.keys(PERMISSION_NAMES), roles: [] };
    expect(topLabels(everything)).not.toContain('系统管理');
    expect(topLabels(anonymous)).not.toContain('系统管理');
    expect(topLabels({ ...anonymous, roles: ['editor'] })).not.toContain('系统管理');
    const admin = { loggedIn: true, permissions: [], roles: ['admin'] };
    const manage = filterMenu(menuItems, admin).find((entry) => entry.key === '/manage');
    expect(manage?.children?.map((entry) => entry.label)).toEqual([
      '新闻管理',
      '页面管理',
      '文件管理',
      '意见反馈管理',
      '账号管理',
      '订单管理',
      '申请管理',
      '操作日志',
    ]);
  });

  it('shows an editor the content console of 系统管理 and nothing of administration', () => {
    const editor = { loggedIn: true, permissions: [], roles: ['editor'] };
    const manage = filterMenu(menuItems, editor).find((entry) => entry.key === '/manage');
    expect(manage?.children?.map((entry) => entry.label)).toEqual([
      '新闻管理',
      '页面管理',
      '文件管理',
      '意见反馈管理',
    ]);
  });

  it('shows the feedback entry only with MOD_054_DISPLAY', () => {
    const hasIdea = (viewer: Viewer) =>
      keys(filterMenu(menuItems, viewer)).includes('/about/contactUs/idea');
    expect(hasIdea(member)).toBe(false);
    expect(hasIdea({ loggedIn: true, permissions: ['MOD_054_DISPLAY'], roles: [] })).toBe(true);
  });

  it('links every internal entry to a page of the route table', () => {
    const links = (items: readonly MenuItem[]): string[] =>
      items.flatMap((entry) => [...(entry.to ? [entry.to] : []), ...links(entry.children ?? [])]);
    for (const to of links(menuItems)) expect(resolvePath(to).path).toBe(to);
  });

  it('opens orbit prediction and the two third-party sites in new tabs', () => {
    const all = (items: readonly MenuItem[]): MenuItem[] =>
      items.flatMap((entry) => [entry, ...all(entry.children ?? [])]);
    const newTab = all(menuItems).filter((entry) => entry.newTab || entry.href);
    expect(newTab.map((entry) => entry.to ?? entry.href)).toEqual([
      '/orbitalPredict',
      'https://www.mnr.gov.cn/',
      'http://www.lasac.cn/',
    ]);
  });
});
