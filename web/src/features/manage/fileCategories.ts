// The categories of shared files (share/v2) and what each file may belong to, for the upload
// form and the list. Category codes are the server's (files/kind.rs); the owners of software
// and typical images are the pages that show them, read from the route table.
import { appRoutes, childRoutes } from '../../app/routes';

/** A category code the server takes. */
export type FileCategory =
  'application' | 'course' | 'paper' | 'image' | 'attachment' | 'software' | 'typical';

/** Every category with where its files show, and its short name for tables. */
export const fileCategories: { value: FileCategory; label: string; short: string }[] = [
  { value: 'application', label: '应用案例（资料共享）', short: '应用案例' },
  { value: 'course', label: '培训教程（资料共享）', short: '培训教程' },
  { value: 'paper', label: '学术论文（资料共享）', short: '学术论文' },
  { value: 'software', label: '软件下载', short: '软件下载' },
  { value: 'typical', label: '典型影像样例', short: '典型影像' },
  { value: 'image', label: '正文图片', short: '正文图片' },
  { value: 'attachment', label: '正文附件', short: '正文附件' },
];

/** The short Chinese name of a category code. */
export function categoryLabel(code: string): string {
  return fileCategories.find((category) => category.value === code)?.short ?? code;
}

/** Categories that take images only (PNG, JPEG, WebP, GIF; at most 10 MB). */
export function takesImagesOnly(category: FileCategory): boolean {
  return category === 'image' || category === 'typical';
}

const TYPICAL_ROOT = '/satellite/typicalImage';

/**
 * What a file of `category` belongs to: a software for `software` (its name, e.g. LandSIS),
 * a typical-image page for `typical` (e.g. zy3/multispectral); nothing for the others.
 */
export function ownerOptions(category: FileCategory): { value: string; label: string }[] {
  if (category === 'software') {
    return childRoutes('/about/software').map((route) => ({
      value: route.path.split('/').at(-1) ?? route.title,
      label: route.title,
    }));
  }
  if (category === 'typical') {
    return appRoutes
      .filter((route) => route.page && route.path.startsWith(`${TYPICAL_ROOT}/`))
      .map((route) => ({ value: route.path.slice(TYPICAL_ROOT.length + 1), label: route.title }));
  }
  return [];
}
