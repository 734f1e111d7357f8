// What a manager's 推送 of the image query sends (pure; tested in push.test.ts): the checked
// scenes or, with none checked, the search's results up to the server's bound, and the name
// the batch starts with.
import { beijingTime } from '../../lib/beijingTime';

/** Most scenes one batch holds (the server's bound, and what `allids` gives at most). */
export const PUSH_LIMIT = 10_000;

/** The path of a batch on 影像推送, for the link after pushing. */
export function pushedBatchPath(id: number): string {
  return `/push/image?batch=${id}`;
}

/** e.g. 湖北省影像推送 2026-11-27 (the Beijing date); 影像推送 2026-11-27 without a place. */
export function defaultBatchName(place: string | undefined, now: Date): string {
  return `${place ?? ''}影像推送 ${beijingTime(Math.floor(now.getTime() / 1000)).slice(0, 10)}`;
}

/** The scenes to push and what the dialog says of them. */
export interface PushScenes {
  ids: string[];
  /** e.g. 将推送已选的 12 景 */
  summary: string;
  /** Said when the results hold more than one batch can. */
  warning?: string;
}

/** The checked scenes, when some are. */
export function checkedScenes(checked: ReadonlySet<string>): PushScenes {
  return { ids: [...checked].slice(0, PUSH_LIMIT), summary: `将推送已选的 ${checked.size} 景` };
}

/** Every result of the search, as `allids` gave them (at most PUSH_LIMIT of `total`). */
export function allScenes(all: { ids: readonly string[]; total: number }): PushScenes {
  const ids = all.ids.slice(0, PUSH_LIMIT);
  if (all.total <= ids.length)
    return { ids, summary: `未勾选影像，将推送本次查询的全部 ${ids.length} 景` };
  return {
    ids,
    summary: `未勾选影像，将推送本次查询的前 ${ids.length} 景`,
    warning: `查询结果共 ${all.total} 景，一次最多推送 ${PUSH_LIMIT} 景；其余影像请缩小查询范围后分批推送。`,
  };
}
