// The order of the FAQ's entries: /about/FAQ shows them by `sort`, ascending. Moving one
// renumbers the list and writes only the entries whose number changes.
import type { FaqChange, FaqEntry } from './api/pages';

/** Gap between neighbours' `sort`, leaving room for entries put in between. */
export const SORT_STEP = 10;

/** The writes that move the entry at `from` to `to` in `entries` (in shown order). */
export function reorder(entries: readonly FaqEntry[], from: number, to: number): FaqChange[] {
  const order = [...entries];
  const [moved] = order.splice(from, 1);
  if (!moved) return [];
  order.splice(to, 0, moved);
  return order.flatMap((entry, index): FaqChange[] => {
    const sort = (index + 1) * SORT_STEP;
    if (entry.sort === sort) return [];
    return [
      {
        kind: 'save',
        id: entry.id,
        input: { question: entry.question, answer: entry.answer, sort },
      },
    ];
  });
}
