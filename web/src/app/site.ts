// Everything the header and footer say about the site and its operator, in one place.
// Operator-specific values (filing numbers, addresses) are set per
// deployment through VITE_* variables at build time (.env.example); until they are set the
// page says 待配置 instead of showing invented numbers. The app download address is the
// server's (`client_package_url`, GET /api/client-package), read by the footer's QR code.

const env = import.meta.env;

export const NOT_CONFIGURED = '待配置';

/** The router's basename, from Vite's `base` ('/chinese/'), without the trailing slash. */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

export const PLATFORM_NAME = '自然资源卫星遥感云服务平台';

export const englishSiteUrl = env.VITE_ENGLISH_SITE_URL || '/english/';

/** Third-party sites in the menu (spec §2), opened in new tabs. */
export const externalLinks = [
  { key: 'mnr', label: '自然资源部', href: 'https://www.mnr.gov.cn/' },
  { key: 'lasac', label: '国土卫星遥感应用中心', href: 'http://www.lasac.cn/' },
] as const;

export const footer = {
  owner: env.VITE_SITE_OWNER || NOT_CONFIGURED,
  offices: env.VITE_OFFICE_ADDRESSES?.split('|').filter(Boolean) ?? [],
  icpFiling: env.VITE_ICP_FILING || NOT_CONFIGURED,
  psbFiling: env.VITE_PSB_FILING || NOT_CONFIGURED,
  copyright: `Copyright © ${new Date().getFullYear()} ${PLATFORM_NAME} 版权所有`,
  browserAdvice: '建议使用 Chrome 65 或 IE11 及以上版本浏览器',
};

/**
 * Online base maps besides rscloud's own offline one (src/components/map/baseLayers.ts).
 * None unless configured, so by default the map asks no host but the server.
 */
export const baseMapSettings = {
  tiandituToken: env.VITE_TIANDITU_TOKEN || null,
  xyzUrl: env.VITE_MAP_XYZ_URL || null,
  xyzName: env.VITE_MAP_XYZ_NAME || null,
};
