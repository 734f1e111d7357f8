// The one route table of the SPA (spec §2), as plain data, and the pure helpers over it.
// The router (router.tsx), the menu (menu.ts), breadcrumbs and page titles all read it, and
// the navigation guard of spec §4 (guard.ts) reads `authority` / `loginAuthority` / `staff`
// from here too.
import { matchRoutes } from 'react-router';
import {
  MOD_054,
  MOD_056,
  MOD_057,
  MOD_058,
  MOD_059,
  MOD_060,
  MOD_068,
  MOD_069,
  MOD_076,
} from '../api/permissions';
import type { PageAuthority, StaffRule } from '../lib/access';

/** The lazily loaded chunk that renders a page: one per product area (see pages.tsx). */
export type PageArea =
  | 'home'
  | 'register'
  | 'resetPassword'
  | 'errors'
  | 'platform'
  | 'satellite'
  | 'orbit'
  | 'normal'
  | 'statistics'
  | 'push'
  | 'plan'
  | 'monitor'
  | 'dynamic'
  | 'personal'
  | 'manage'
  | 'about';

export interface RouteNode {
  /** Path segment(s) relative to the parent, without leading or trailing slash. */
  path: string;
  /** Chinese title: page heading, breadcrumb, browser tab, menu label. */
  title: string;
  /** The area that renders this path. A node without a page is a group that redirects. */
  page?: PageArea;
  /** Where a group goes; defaults to its first page. */
  redirect?: string;
  /** Permission code the user needs, or codes of which one (spec §6); inherited by children. */
  authority?: PageAuthority;
  /** Only logged-in users may open the page; inherited by children. */
  loginAuthority?: boolean;
  /** Only the staff this rule admits may open the page (系统管理); inherited, a child may narrow it. */
  staff?: StaffRule;
  /** News category a news list or detail page shows (spec §2). */
  newsType?: number;
  children?: RouteNode[];
}

/** A route of the table flattened to its absolute path, with inherited metadata resolved. */
export interface AppRoute {
  path: string;
  title: string;
  page?: PageArea;
  /** Set exactly when `page` is not. */
  redirect?: string;
  authority?: PageAuthority;
  loginAuthority: boolean;
  staff?: StaffRule;
  newsType?: number;
  /** Titles from the top-level ancestor down to this route, for the breadcrumb. */
  trail: string[];
  /** Path of the enclosing table node; absent at the top level. */
  parent?: string;
}

/** Where the root and every unknown path go (spec §2). */
export const FALLBACK_PATH = '/home';

function pages(page: PageArea, entries: readonly (readonly [string, string])[]): RouteNode[] {
  return entries.map(([path, title]) => ({ path, title, page }));
}

/** A news list with its detail page (spec §2: news types 0 notice, 1 trend, 5 media; GEO 2–4). */
function newsList(path: string, title: string, newsType: number): RouteNode {
  return {
    path,
    title,
    page: 'platform',
    newsType,
    children: [{ path: 'detail/:id', title: `${title}详情`, page: 'platform', newsType }],
  };
}

const chineseSatellites = [
  ['zy102c', '资源一号02C'],
  ['zy102d', '资源一号02D'],
  ['cbers04a', '中巴地球资源卫星04A'],
  ['zy3', '资源三号'],
  ['gf1', '高分一号'],
  ['gf2', '高分二号'],
  ['gf3', '高分三号'],
  ['gf4', '高分四号'],
  ['gf5', '高分五号'],
  ['gf6', '高分六号'],
  ['gf7', '高分七号'],
  ['multimode', '高分多模'],
  ['goumang', '句芒号'],
  ['th01', '天绘一号'],
  ['jl1', '吉林一号'],
  ['bj2', '北京二号'],
  ['sv1', '高景一号'],
  ['zhuhai', '珠海一号'],
  ['lsar', '陆地探测一号'],
  ['csar', 'C-SAR卫星'],
  ['gf1bcd', '高分一号B/C/D'],
] as const;

const opticalSatellites = [
  ['landsat', 'Landsat'],
  ['rapideye', 'RapidEye'],
  ['planetscope', 'PlanetScope'],
  ['skysat', 'SkySat'],
  ['geoeye', 'GeoEye'],
  ['worldview', 'WorldView'],
  ['sentinel-2', 'Sentinel-2'],
  ['spot', 'SPOT'],
  ['pleiades', 'Pleiades'],
  ['irs', 'IRS'],
  ['kompsat', 'KOMPSAT'],
] as const;

const hyperspectralSatellites = [
  ['prisma', 'PRISMA'],
  ['eo-1', 'EO-1'],
  ['enmap', 'EnMAP'],
] as const;

const radarSatellites = [
  ['radarsat', 'RADARSAT'],
  ['sentinel-1', 'Sentinel-1'],
  ['cosmo-skymed', 'COSMO-SkyMed'],
  ['terrasar-x', 'TerraSAR-X'],
  ['alos-2', 'ALOS-2'],
  ['kompsat-5', 'KOMPSAT-5'],
] as const;

const satelliteAnalyses = [
  ['general-statistic', '总体统计'],
  ['country-analysis', '国家分析'],
  ['categories-statistic', '类别统计'],
  ['investment-pattern-analysis', '投资模式分析'],
  ['level-contrast', '水平对比'],
  ['development-plan', '发展规划'],
] as const;

/** Monitoring themes and the permission each needs (spec §2, §6). */
const monitorThemes = [
  ['landcover', '地表覆盖监测', MOD_056],
  ['surfaceDeform', '地表形变监测', MOD_076],
  ['road', '道路监测', MOD_057],
  ['nonagricultural', '耕地非农化监测', MOD_068],
  ['plantingstructure', '种植结构监测', MOD_069],
  ['pvland', '光伏用地监测', MOD_058],
  ['windmill', '风电设施监测', MOD_059],
  ['steelplant', '钢铁厂监测', MOD_060],
] as const;

const softwareNames = [
  'LandSIS',
  'LandGC',
  'LandDM',
  'SDP',
  'LandLaser',
  'LandSAR',
  'SatImage',
  'LandInfoExtra',
  'STSimu',
] as const;

const routeTable: RouteNode[] = [
  { path: '', title: '首页', redirect: FALLBACK_PATH },
  { path: 'home', title: '首页', page: 'home' },
  { path: 'register', title: '用户注册', page: 'register' },
  { path: 'resetPassword', title: '重置密码', page: 'resetPassword' },
  { path: '401', title: '未登录或登录已过期', page: 'errors' },
  { path: '403', title: '无访问权限', page: 'errors' },
  { path: '404', title: '页面不存在', page: 'errors' },
  {
    path: 'platform',
    title: '平台概况',
    children: [
      {
        path: 'platformIntro',
        title: '平台介绍',
        children: pages('platform', [
          ['description', '平台简介'],
          ['data-sources', '数据来源'],
          ['service', '用户分级'],
          ['evaluation', '服务评价'],
          ['feature', '平台特色'],
        ]),
      },
      {
        path: 'newsList',
        title: '新闻动态',
        children: [
          newsList('notic', '通知公告', 0),
          newsList('trend', '行业动态', 1),
          newsList('media', '媒体报道', 5),
        ],
      },
      {
        path: 'GEO',
        title: '中国GEO',
        children: [
          newsList('dynamicInfo', 'GEO动态', 2),
          { path: 'plan', title: '工作计划', page: 'platform' },
          newsList('cooperation', '合作交流', 3),
          newsList('organization', '组织机构', 4),
          { path: 'links', title: '相关链接', page: 'platform' },
        ],
      },
    ],
  },
  {
    path: 'satellite',
    title: '卫星介绍',
    children: [
      { path: 'chinese', title: '国产卫星', children: pages('satellite', chineseSatellites) },
      {
        path: 'global',
        title: '国外卫星',
        children: [
          { path: 'optical', title: '光学卫星', children: pages('satellite', opticalSatellites) },
          {
            path: 'hyperspectral',
            title: '高光谱卫星',
            children: pages('satellite', hyperspectralSatellites),
          },
          { path: 'radar', title: '雷达卫星', children: pages('satellite', radarSatellites) },
          { path: 'icesat-2', title: 'ICESat-2 激光测高卫星', page: 'satellite' },
          { path: 'grace-fo', title: 'GRACE-FO 重力卫星', page: 'satellite' },
        ],
      },
      { path: 'analysis', title: '卫星发展分析', children: pages('satellite', satelliteAnalyses) },
      {
        path: 'typicalImage',
        title: '典型影像',
        children: [
          {
            path: 'zy3',
            title: '资源三号',
            children: pages('satellite', [
              ['multispectral', '资源三号多光谱影像'],
              ['panchromatic', '资源三号全色影像'],
              ['forward', '资源三号前视影像'],
              ['backward', '资源三号后视影像'],
            ]),
          },
          ...pages('satellite', [
            ['gf1', '高分一号影像'],
            ['gf2', '高分二号影像'],
            ['gf4', '高分四号影像'],
          ]),
          {
            path: 'gf7',
            title: '高分七号',
            children: pages('satellite', [
              ['multispectral', '高分七号多光谱影像'],
              ['forward', '高分七号前视影像'],
              ['backward', '高分七号后视影像'],
            ]),
          },
          {
            path: 'lsar',
            title: 'L-SAR',
            children: pages('satellite', [
              ['strip1', 'L-SAR条带1影像'],
              ['strip2', 'L-SAR条带2影像'],
            ]),
          },
        ],
      },
    ],
  },
  { path: 'orbitalPredict', title: '轨道预报', page: 'orbit', loginAuthority: true },
  { path: 'normal', title: '影像查询', page: 'normal' },
  {
    path: 'statistics',
    title: '统计分析',
    children: pages('statistics', [
      ['coverage-statics', '覆盖统计'],
      ['push', '推送统计'],
    ]),
  },
  {
    // Pushes to the province nodes (issue 18): what a node received, for its accounts and
    // the managers: the scenes of 影像推送, the change spots of 图斑推送 and their verification,
    // and the nodes' overview the display screen shows (推送节点总览).
    path: 'push',
    title: '推送服务',
    loginAuthority: true,
    children: pages('push', [
      ['image', '影像推送'],
      ['spot', '图斑推送'],
      ['screen', '推送节点总览'],
    ]),
  },
  {
    // Acquisition plans (issue 19): units fill their needs (计划填报), managers publish the
    // national plan (计划发布), read what must still be bought (采购计划) and how the plan
    // went (总体计划); units rate what they received and managers read it (省级反馈).
    path: 'plan',
    title: '采集计划',
    loginAuthority: true,
    // The group's own path opens the one page for units and administrators alike (its first
    // page, 总体计划, would refuse a unit).
    redirect: '/plan/feedback',
    // Units fill, administrators publish, buy and oversee; feedback and drone tasks are for
    // both (the server answers an account without an area range 未关联用户权限范围).
    children: [
      { path: 'overall', title: '总体计划', page: 'plan', staff: 'admin' },
      { path: 'fill', title: '计划填报', page: 'plan', staff: 'unit' },
      { path: 'publish', title: '计划发布', page: 'plan', staff: 'admin' },
      { path: 'purchase', title: '采购计划', page: 'plan', staff: 'admin' },
      { path: 'feedback', title: '省级反馈', page: 'plan' },
      { path: 'uav', title: '无人机任务', page: 'plan' },
    ],
  },
  {
    path: 'monitor',
    title: '应用监测',
    redirect: '/monitor/landcover',
    children: [
      ...monitorThemes.map(([path, title, authority]): RouteNode => ({
        path,
        title,
        page: 'monitor',
        authority,
      })),
      // What changed between two batches of any theme the user may monitor.
      {
        path: 'dynamicAnalysis',
        title: '动态分析',
        page: 'dynamic',
        authority: monitorThemes.map(([, , authority]) => authority),
      },
    ],
  },
  {
    path: 'manage',
    title: '系统管理',
    loginAuthority: true,
    // The content console (news, pages, files, answering feedback) is for editors and
    // administrators; accounts, orders, requests and the
    // audit log stay with administrators.
    staff: 'editor',
    children: [
      ...pages('manage', [
        ['news', '新闻管理'],
        ['pages', '页面管理'],
        ['files', '文件管理'],
        ['feedback', '意见反馈管理'],
      ]),
      ...pages('manage', [
        ['users', '账号管理'],
        ['orders', '订单管理'],
        ['requests', '申请管理'],
        ['audit', '操作日志'],
      ]).map((node): RouteNode => ({ ...node, staff: 'admin' })),
    ],
  },
  {
    path: 'personal/personalCenter',
    title: '个人中心',
    loginAuthority: true,
    children: [
      ...pages('personal', [
        ['info', '个人信息'],
        ['shopping', '购物车'],
        ['myOrder', '我的订单'],
        ['myApply', '我的申请'],
      ]),
      { path: 'myFeedback', title: '我的反馈', page: 'personal', authority: MOD_054 },
    ],
  },
  {
    path: 'about',
    title: '关于我们',
    children: [
      { path: 'province', title: '省级节点', page: 'about' },
      { path: 'FAQ', title: '常见问题', page: 'about' },
      {
        path: 'software',
        title: '软件共享',
        children: softwareNames.map((name) => ({ path: name, title: name, page: 'about' })),
      },
      {
        path: 'fileShare',
        title: '资料共享',
        children: pages('about', [
          ['application', '应用案例'],
          ['course', '培训教程'],
          ['paper', '学术论文'],
        ]),
      },
      {
        path: 'contactUs',
        title: '联系我们',
        children: [
          { path: 'contact', title: '联系方式', page: 'about' },
          { path: 'idea', title: '意见反馈', page: 'about', authority: MOD_054 },
        ],
      },
    ],
  },
];

function joinPath(parent: string, segment: string): string {
  return segment === '' ? parent || '/' : `${parent}/${segment}`;
}

function firstPagePath(node: RouteNode, path: string): string | undefined {
  if (node.page) return path;
  for (const child of node.children ?? []) {
    const found = firstPagePath(child, joinPath(path, child.path));
    if (found) return found;
  }
  return undefined;
}

/**
 * Flattens the tree to absolute paths; children inherit `authority`, `loginAuthority` and
 * `staff`.
 */
function flattenRoutes(nodes: readonly RouteNode[], parent?: AppRoute): AppRoute[] {
  return nodes.flatMap((node) => {
    const path = joinPath(parent?.path ?? '', node.path);
    const authority = node.authority ?? parent?.authority;
    const staff = node.staff ?? parent?.staff;
    const route: AppRoute = {
      path,
      title: node.title,
      loginAuthority: node.loginAuthority ?? parent?.loginAuthority ?? false,
      trail: [...(parent?.trail ?? []), node.title],
      ...(node.page
        ? { page: node.page }
        : { redirect: node.redirect ?? firstPagePath(node, path) ?? FALLBACK_PATH }),
      ...(authority && { authority }),
      ...(staff && { staff }),
      ...(node.newsType !== undefined && { newsType: node.newsType }),
      ...(parent && { parent: parent.path }),
    };
    return [route, ...flattenRoutes(node.children ?? [], route)];
  });
}

export const appRoutes: readonly AppRoute[] = flattenRoutes(routeTable);

const matchable = appRoutes.map((route) => ({ path: route.path, route }));

/** The table entry for a location path (with `:id` params), if any. */
export function matchAppRoute(pathname: string): AppRoute | undefined {
  return matchRoutes(matchable, pathname)?.[0]?.route.route;
}

/** The route of an exact table path such as '/satellite/chinese'; throws for a typo. */
export function routeAt(path: string): AppRoute {
  const route = appRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path} in the route table`);
  return route;
}

/** The list page of a news type (e.g. 0 → '/platform/newsList/notic'); its items are at `detail/:id` under it. */
export function newsListPath(newsType: number): string | undefined {
  return appRoutes.find((route) => route.newsType === newsType && !route.path.includes(':'))?.path;
}

/** The routes directly under a table path, in table order. */
export function childRoutes(path: string): AppRoute[] {
  return appRoutes.filter((route) => route.parent === path);
}

/** Where a location ends up after following redirects: the page route and its path. */
export function resolvePath(pathname: string): { path: string; route: AppRoute } {
  let path = pathname;
  // Redirect chains in the table are short; the bound only guards against a cycle.
  for (let hops = 0; hops < 5; hops += 1) {
    const route = matchAppRoute(path);
    if (!route) {
      path = FALLBACK_PATH;
      continue;
    }
    if (route.page) return { path, route };
    path = route.redirect ?? FALLBACK_PATH;
  }
  throw new Error(`redirect loop at ${pathname}`);
}
