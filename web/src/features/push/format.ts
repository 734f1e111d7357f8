// How the push pages write a batch for people (pure; tested in format.test.ts).
import { formatSize } from '../../components/orders/format';
import type { NodePart } from './api/types';

/** A node and what it received, e.g. 湖北省推送节点（200 景，1.21 GB）. */
export function nodeSummary(node: NodePart): string {
  return `${node.nodeName}（${node.sceneCount} 景，${formatSize(node.sizeMb)}）`;
}
