import { describe, expect, it } from 'vitest';
import type { FaqEntry } from './api/pages';
import { reorder } from './faqOrder';

const entry = (id: number, sort: number): FaqEntry => ({
  id,
  question: `问题${id}`,
  answer: `<p>回答${id}</p>`,
  sort,
  updatedAt: '2026-11-27 10:00',
  demo: false,
});

describe('moving a FAQ entry', () => {
  it('writes only the entries whose place number changes', () => {
    const entries = [entry(1, 10), entry(2, 20), entry(3, 30)];
    expect(reorder(entries, 2, 1)).toEqual([
      { kind: 'save', id: 3, input: { question: '问题3', answer: '<p>回答3</p>', sort: 20 } },
      { kind: 'save', id: 2, input: { question: '问题2', answer: '<p>回答2</p>', sort: 30 } },
    ]);
  });

  it('numbers entries that shared one sort value by their new places', () => {
    const entries = [entry(1, 0), entry(2, 0)];
    expect(
      reorder(entries, 0, 1).map(
        (change) => change.kind === 'save' && [change.id, change.input.sort],
      ),
    ).toEqual([
      [2, 10],
      [1, 20],
    ]);
  });

  it('writes nothing for a place outside the list', () => {
    expect(reorder([entry(1, 10)], 5, 0)).toEqual([]);
  });
});
