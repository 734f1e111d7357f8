// The query keys of the spot engine's answers: everything of a theme under ['spot', theme].
import type { ThemeName } from './types';

export const spotKeys = {
  themes: ['spot', 'themes'] as const,
  theme: (theme: ThemeName) => ['spot', theme] as const,
};
