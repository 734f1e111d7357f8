import { describe, expect, it } from 'vitest';
import { appRoutes, matchAppRoute, newsListPath, resolvePath, routeAt } from './routes';

// Every page route of spec §2, written out from the spec rather than from the table.
const chinese =
  'zy102c zy102d cbers04a zy3 gf1 gf2 gf3 gf4 gf5 gf6 gf7 multimode goumang th01 jl1 bj2 sv1 zhuhai lsar csar gf1bcd';
const optical =
  'landsat rapideye planetscope skysat geoeye worldview sentinel-2 spot pleiades irs kompsat';
const hyperspectral = 'prisma eo-1 enmap';
const radar = 'radarsat sentinel-1 cosmo-skymed terrasar-x alos-2 kompsat-5';
const analysis =
  'general-statistic country-analysis categories-statistic investment-pattern-analysis level-contrast development-plan';
const typical =
  'zy3/multispectral zy3/panchromatic zy3/forward zy3/backward gf1 gf2 gf4 gf7/multispectral gf7/forward gf7/backward lsar/strip1 lsar/strip2';
const software = 'LandSIS LandGC LandDM SDP LandLaser LandSAR SatImage LandInfoExtra STSimu';
const monitor =
  'landcover surfaceDeform road nonagricultural plantingstructure pvland windmill steelplant';

const under = (prefix: string, names: string) =>
  names.split(' ').map((name) => `${prefix}/${name}`);
const withDetail = (prefix: string, names: string) =>
  under(prefix, names).flatMap((path) => [path, `${path}/detail/42`]);

const specPages = [
  '/home',
  '/register',
  '/resetPassword',
  '/401',
  '/403',
  '/404',
  ...under('/platform/platformIntro', 'description data-sources service evaluation feature'),
  ...withDetail('/platform/newsList', 'notic trend media'),
  ...withDetail('/platform/GEO', 'dynamicInfo cooperation organization'),
  ...under('/platform/GEO', 'plan links'),
  ...under('/satellite/chinese', chinese),
  ...under('/satellite/global/optical', optical),
  ...under('/satellite/global/hyperspectral', hyperspectral),
  ...under('/satellite/global/radar', radar),
  '/satellite/global/icesat-2',
  '/satellite/global/grace-fo',
  ...under('/satellite/analysis', analysis),
  ...under('/satellite/typicalImage', typical),
  '/orbitalPredict',
  '/normal',
  ...under('/statistics', 'coverage-statics push'),
  // Not in the spec's list: the pushes to the province nodes and their overview, the spec's
  // push-screen node (issue 18).
  ...under('/push', 'image spot screen'),
  // Not in the spec's list: the acquisition plans of issue 19 (overall plan, plan fill, plan
  // publish, purchase plan, province feedback, the UAV monitoring-area tasks).
  ...under('/plan', 'overall fill publish purchase feedback uav'),
  ...under('/monitor', monitor),
  // The dynamicAnalysis map module (spec §1, §2's lazily loaded areas; its route is issue 15's).
  '/monitor/dynamicAnalysis',
  ...under('/personal/personalCenter', 'info shopping myOrder myApply'),
  // Not in the spec's list: one's own feedback and its answers (issue 17, MOD_054).
  '/personal/personalCenter/myFeedback',
  // Not in the spec's list: the content console of issue 17 (news, editable pages, files,
  // answering feedback) for editors and administrators, and the administration pages of
  // issue 12 (accounts, orders, requests, the audit log) for administrators only.
  ...under('/manage', 'news pages files feedback users orders requests audit'),
  ...under('/about', 'province FAQ'),
  ...under('/about/software', software),
  ...under('/about/fileShare', 'application course paper'),
  ...under('/about/contactUs', 'contact idea'),
];

describe('route table', () => {
  it.each(specPages)('%s is a page of its own with a Chinese title', (path) => {
    const { path: landed, route } = resolvePath(path);
    expect(landed).toBe(path);
    expect(route.page).toBeDefined();
    expect(route.title).toMatch(/[\u4e00-\u9fa5A-Za-z]/);
    expect(route.trail.at(-1)).toBe(route.title);
  });

  it('has no page that the spec does not list', () => {
    const specPatterns = new Set(specPages.map((path) => path.replace(/\/42$/, '/:id')));
    const pagePaths = appRoutes.filter((route) => route.page).map((route) => route.path);
    expect(pagePaths.filter((path) => !specPatterns.has(path))).toEqual([]);
  });

  it('has unique paths, and every redirect lands on a page', () => {
    const paths = appRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of appRoutes.filter((candidate) => candidate.redirect)) {
      expect(resolvePath(route.path).route.page, route.path).toBeDefined();
    }
  });

  it('sends / to /home and /monitor to /monitor/landcover', () => {
    expect(resolvePath('/').path).toBe('/home');
    expect(resolvePath('/monitor').path).toBe('/monitor/landcover');
  });

  it('opens a group on a page that every account of the group may see', () => {
    const narrower = appRoutes
      .filter((route) => !route.page && resolvePath(route.path).route.staff !== route.staff)
      .map((route) => route.path);
    expect(narrower).toEqual([]);
    expect(resolvePath('/plan').path).toBe('/plan/feedback');
  });

  it.each([
    '/nonexistent',
    '/satellite/chinese/gf99',
    '/platform/newsList/notic/detail',
    '/monitor/x/y',
  ])('sends the unknown path %s to /home', (path) => {
    expect(matchAppRoute(path)).toBeUndefined();
    expect(resolvePath(path).path).toBe('/home');
  });

  it('gives each monitoring theme its authority', () => {
    const authorities = Object.fromEntries(
      monitor.split(' ').map((name) => [name, routeAt(`/monitor/${name}`).authority]),
    );
    expect(authorities).toEqual({
      landcover: 'MOD_056',
      surfaceDeform: 'MOD_076',
      road: 'MOD_057',
      nonagricultural: 'MOD_068',
      plantingstructure: 'MOD_069',
      pvland: 'MOD_058',
      windmill: 'MOD_059',
      steelplant: 'MOD_060',
    });
  });

  it('asks for MOD_054 on the feedback page only among the about pages', () => {
    expect(routeAt('/about/contactUs/idea').authority).toBe('MOD_054');
    expect(routeAt('/personal/personalCenter/myFeedback').authority).toBe('MOD_054');
    expect(routeAt('/about/contactUs/contact').authority).toBeUndefined();
  });

  it('requires login for orbit prediction, the push service, plans, administration and the personal centre only', () => {
    const loginOnly = appRoutes.filter((route) => route.loginAuthority).map((route) => route.path);
    expect(loginOnly).toEqual([
      '/orbitalPredict',
      '/push',
      ...under('/push', 'image spot screen'),
      '/plan',
      ...under('/plan', 'overall fill publish purchase feedback uav'),
      '/manage',
      ...under('/manage', 'news pages files feedback users orders requests audit'),
      '/personal/personalCenter',
      ...under('/personal/personalCenter', 'info shopping myOrder myApply myFeedback'),
    ]);
  });

  it('keeps the 系统管理 pages and the plans for staff: content for editors, administration and publishing plans for administrators, filling plans for units', () => {
    const staff = (rule: string) =>
      appRoutes.filter((route) => route.staff === rule).map((route) => route.path);
    expect(staff('editor')).toEqual(['/manage', ...under('/manage', 'news pages files feedback')]);
    expect(staff('admin')).toEqual([
      ...under('/plan', 'overall publish purchase'),
      ...under('/manage', 'users orders requests audit'),
    ]);
    expect(staff('unit')).toEqual(['/plan/fill']);
    expect(routeAt('/plan/purchase').trail).toEqual(['采集计划', '采购计划']);
    expect(routeAt('/manage/audit').trail).toEqual(['系统管理', '操作日志']);
    // The group opens on a page every member of its staff may see.
    expect(resolvePath('/manage').path).toBe('/manage/news');
  });

  it('tags news lists and their details with the news type of spec §2', () => {
    const typeOf = (path: string) => matchAppRoute(path)?.newsType;
    expect(typeOf('/platform/newsList/notic')).toBe(0);
    expect(typeOf('/platform/newsList/trend/detail/9')).toBe(1);
    expect(typeOf('/platform/newsList/media')).toBe(5);
    expect(typeOf('/platform/GEO/dynamicInfo/detail/3')).toBe(2);
    expect(typeOf('/platform/GEO/cooperation')).toBe(3);
    expect(typeOf('/platform/GEO/organization/detail/1')).toBe(4);
    // And back: each type's list, where links to its items start.
    expect([0, 1, 5, 2, 3, 4].map(newsListPath)).toEqual([
      '/platform/newsList/notic',
      '/platform/newsList/trend',
      '/platform/newsList/media',
      '/platform/GEO/dynamicInfo',
      '/platform/GEO/cooperation',
      '/platform/GEO/organization',
    ]);
    expect(newsListPath(9)).toBeUndefined();
  });

  it('titles pages as users know them, with the trail of sections above', () => {
    expect(routeAt('/satellite/chinese/gf1').trail).toEqual(['卫星介绍', '国产卫星', '高分一号']);
    expect(routeAt('/satellite/chinese/zy3').title).toBe('资源三号');
    expect(routeAt('/platform/platformIntro/service').title).toBe('用户分级');
    expect(routeAt('/normal').title).toBe('影像查询');
    expect(routeAt('/monitor/landcover').title).toBe('地表覆盖监测');
  });
});
