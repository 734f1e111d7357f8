import { describe, expect, it } from 'vitest';
import { NO_FILTER, listQuery, refilter } from './filters';

describe('the filters of a list of records', () => {
  it('start at the default page {pageNum 1, pageSize 20} with nothing else', () => {
    expect(listQuery(NO_FILTER)).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('send status, days and a trimmed keyword when given', () => {
    expect(
      listQuery({ ...NO_FILTER, status: 0, from: '2026-11-01', to: '2026-11-30', keyword: ' DD ' }),
    ).toEqual({
      pageNum: 1,
      pageSize: 20,
      status: 0,
      from: '2026-11-01',
      to: '2026-11-30',
      keyword: 'DD',
    });
    expect(listQuery({ ...NO_FILTER, keyword: '   ' })).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('go back to the first page when a filter changes, not when the page does', () => {
    const onPage3 = { ...NO_FILTER, pageNum: 3 };
    expect(refilter(onPage3, { status: 2 })).toMatchObject({ status: 2, pageNum: 1 });
    expect(refilter(onPage3, { pageNum: 4, pageSize: 20 })).toMatchObject({ pageNum: 4 });
    expect(refilter(onPage3, { pageNum: 3, pageSize: 50 })).toMatchObject({
      pageNum: 1,
      pageSize: 50,
    });
  });
});
