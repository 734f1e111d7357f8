// GET exportshp/{id}, exportexcel/{id} and exportdiffcover/{id} with `nodeId`: what a batch
// delivered to one node as a zipped shapefile or a workbook, and the part of the node's region
// it leaves uncovered as a zipped shapefile, under the names the server gives.
import { api, unwrapDownload, type NamedFile } from '../../../api/client';

/** The files of a node's delivery. */
export type NodeFile = 'shapefile' | 'excel' | 'notCovered';

const ROUTES = {
  shapefile: '/api/push/v1/exportshp/{id}',
  excel: '/api/push/v1/exportexcel/{id}',
  notCovered: '/api/push/v1/exportdiffcover/{id}',
} as const;

/** The kind of each file, for a name when the server gives none (it names them all). */
const EXTENSIONS = { shapefile: 'zip', excel: 'xlsx', notCovered: 'zip' } as const;

export function exportNodeFile(file: NodeFile, id: number, nodeId: number): Promise<NamedFile> {
  return unwrapDownload(
    api.GET(ROUTES[file], { params: { path: { id }, query: { nodeId } }, parseAs: 'blob' }),
    `push_${id}_${nodeId}.${EXTENSIONS[file]}`,
  );
}
