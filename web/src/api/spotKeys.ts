// The query keys of the spot engine's answers (the monitoring pages, 动态分析): everything of a
// theme under ['spot', theme].
import type { components } from './schema';

type ThemeName = components['schemas']['ThemeName'];

export const spotKeys = {
  themes: ['spot', 'themes'] as const,
  theme: (theme: ThemeName) => ['spot', theme] as const,
};
