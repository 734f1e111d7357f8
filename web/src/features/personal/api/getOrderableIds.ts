// 全选 of the cart: every line that can be ordered now (online), over all pages. The pages of
// GET /api/order/v3/ordercart/own carry each line's availability, so they are read at the
// largest size the server takes (GET ordercart/allids answers ids without their availability).
import { availabilityOf, getCart } from './getCart';

/** The server's largest page. */
const LARGEST_PAGE = 100;

export async function getOrderableIds(fetchPage = getCart): Promise<string[]> {
  const ids: string[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await fetchPage({ pageNum, pageSize: LARGEST_PAGE });
    for (const line of page.list) if (availabilityOf(line) === 'online') ids.push(line.sceneId);
    if (page.list.length < LARGEST_PAGE || pageNum * LARGEST_PAGE >= page.total) return ids;
  }
}
