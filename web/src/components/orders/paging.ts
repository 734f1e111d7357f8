// The paging of the order tables (cart, lists, scenes): the page shown, the total, a size
// changer; another size starts again at the first page.
import type { TablePaginationConfig } from 'antd';

export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** antd Table pagination for `paging` of `total` rows, counted in `unit` (景, 条). */
export function tablePagination(
  paging: Paging,
  total: number,
  onChange: (next: Paging) => void,
  unit: string,
): TablePaginationConfig {
  return {
    current: paging.pageNum,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (count) => `共 ${count} ${unit}`,
    onChange: (pageNum, pageSize) =>
      onChange({ pageNum: pageSize === paging.pageSize ? pageNum : 1, pageSize }),
  };
}
