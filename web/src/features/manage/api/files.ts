// The shared files an editor manages (share/v2): POST /api/share/v2/manage uploads one file
// (category, owner, title, version; the server checks its type by content and its size),
// GET /api/share/v2 lists them by category and owner, newest first, DELETE
// /api/share/v2/manage/{id} deletes one. A change refreshes every list of files.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/schema';
import { fileForm } from '../../../api/uploadShape';
import type { Uploader } from '../RichTextEditor';

export type FileInfo = components['schemas']['FileInfo'];
export type FilesQuery = NonNullable<operations['list_files']['parameters']['query']>;

/** What an upload says of its file besides the category; empty fields are not sent. */
export interface FileFields {
  category: string;
  owner?: string;
  title?: string;
  version?: string;
}

const filesKey = ['manage', 'files'] as const;

/**
 * Uploads a file. Quiet: every caller shows the server's refusal (type, size) beside the
 * control that sent it.
 */
export function uploadFile(file: File, fields: FileFields): Promise<FileInfo> {
  // The category goes before the file: the server bounds the file's size by it as it arrives.
  const sent: Record<string, string> = {};
  const names: (keyof FileFields)[] = ['category', 'owner', 'title', 'version'];
  for (const name of names) {
    const value = fields[name]?.trim();
    if (value) sent[name] = value;
  }
  return unwrap(api.POST('/api/share/v2/manage', { body: fileForm(file, sent) }), {
    quiet: true,
  });
}

/** The body editor's and the cover's uploads: images and attachments of news and pages. */
export const editorUpload: Uploader = async (file, category) => {
  const stored = await uploadFile(file, { category });
  return { url: stored.url, name: stored.name };
};

export function filesQueryOptions(query: FilesQuery) {
  return queryOptions({
    queryKey: [...filesKey, query],
    queryFn: () => unwrap(api.GET('/api/share/v2', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** Uploads from the files page; the lists are fetched again after. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: FileFields }) => uploadFile(file, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey }),
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/api/share/v2/manage/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKey }),
  });
}
