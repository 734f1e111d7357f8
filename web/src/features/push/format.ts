// How the push pages write a batch for people (pure; tested in format.test.ts).
import type { NodePart } from './api/types';

/** A size in MB, e.g. 1,234.5 MB (one decimal at most). */
export function formatMb(mb: number): string {
  return `${mb.toLocaleString('zh-CN', { maximumFractionDigits: 1 })} MB`;
}

/** A node and what it received, e.g. 湖北省推送节点（200 景，1,234.5 MB）. */
export function nodeSummary(node: NodePart): string {
  return `${node.nodeName}（${node.sceneCount} 景，${formatMb(node.sizeMb)}）`;
}
