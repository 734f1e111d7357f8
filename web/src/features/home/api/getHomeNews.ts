// GET /api/news/v3/home: the latest published notices, trends, media reports and GEO items.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type HomeNews = components['schemas']['HomeNews'];

export function getHomeNews(): Promise<HomeNews> {
  // The home page stays useful without its news: a failure is shown in the cards, not as a toast.
  return unwrap(api.GET('/api/news/v3/home'), { quiet: true });
}

export function useHomeNews() {
  return useQuery({ queryKey: ['news', 'home'], queryFn: getHomeNews });
}
