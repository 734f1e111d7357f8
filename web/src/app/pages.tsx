// One lazily loaded chunk per product area (spec §2 "lazily loaded page areas"): a page
// area's code is fetched the first time one of its routes is opened.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from '../components/PageFrame';
import { loadChunk } from './chunks';
import type { PageArea } from './routes';

export const pages: Record<PageArea, LazyExoticComponent<ComponentType<PageProps>>> = {
  home: lazy(() => loadChunk(() => import('../features/home/HomePage'))),
  register: lazy(() => loadChunk(() => import('../features/auth/RegisterPage'))),
  resetPassword: lazy(() => loadChunk(() => import('../features/auth/ResetPasswordPage'))),
  errors: lazy(() => loadChunk(() => import('../features/errors/ErrorPage'))),
  platform: lazy(() => loadChunk(() => import('../features/platform/PlatformPage'))),
  satellite: lazy(() => loadChunk(() => import('../features/satellite/SatellitePage'))),
  orbit: lazy(() => loadChunk(() => import('../features/orbit/OrbitalPredictPage'))),
  normal: lazy(() => loadChunk(() => import('../features/normal/ImageQueryPage'))),
  statistics: lazy(() => loadChunk(() => import('../features/statistics/StatisticsPage'))),
  push: lazy(() => loadChunk(() => import('../features/push/PushPage'))),
  plan: lazy(() => loadChunk(() => import('../features/plan/PlanPage'))),
  monitor: lazy(() => loadChunk(() => import('../features/monitor/MonitorPage'))),
  dynamic: lazy(() => loadChunk(() => import('../features/dynamic/DynamicAnalysisPage'))),
  personal: lazy(() => loadChunk(() => import('../features/personal/PersonalCenterPage'))),
  manage: lazy(() => loadChunk(() => import('../features/manage/ManagePage'))),
  about: lazy(() => loadChunk(() => import('../features/about/AboutPage'))),
};

/** Page areas drawn without antd: they show before antd's providers are loaded (antdGate.ts). */
export const PLAIN_AREAS: ReadonlySet<PageArea> = new Set<PageArea>(['home']);
