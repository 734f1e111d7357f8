// The news types an editor picks from, named as the visitors' lists are (the route table is
// where each type's list page and title live).
import { appRoutes } from '../../app/routes';

/** One type: its code (spec §9) and the title of its list page. */
export interface NewsTypeOption {
  value: number;
  label: string;
  /** The visitors' list of this type, e.g. '/platform/newsList/notic'. */
  listPath: string;
}

/** Every type, in the order of the site's menu. */
export const newsTypes: NewsTypeOption[] = appRoutes.flatMap((route) =>
  route.newsType === undefined || route.path.includes(':')
    ? []
    : [{ value: route.newsType, label: route.title, listPath: route.path }],
);

/** The option of type `code`, if it is one. */
export function newsTypeOf(code: number): NewsTypeOption | undefined {
  return newsTypes.find((option) => option.value === code);
}
