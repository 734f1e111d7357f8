// The editable pages and FAQ entries (page/v1): GET /api/page/v1/manage/page lists the pages
// written so far, GET /api/page/v1/page/{slug} reads one (404 when not written yet), PUT
// /api/page/v1/manage/page/{slug} writes one whole (creating it); GET /api/page/v1/faq lists
// the FAQ in order, POST /api/page/v1/manage/faq adds an entry, PUT and DELETE
// /api/page/v1/manage/faq/{id} change or remove one. Slugs contain '/', which the client
// percent-encodes as one path segment, as the server expects. POST
// /api/page/v1/manage/preview sanitises rich text as a save would, storing nothing. GET /api/normal/v5/satellite
// gives the catalogue's satellite groups, each with a description page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import type { Cleaner } from '../RichTextEditor';

export type PageSummary = components['schemas']['PageSummary'];
export type EditablePage = components['schemas']['Page'];
export type PageInput = components['schemas']['PageInput'];
export type FaqEntry = components['schemas']['Faq'];
export type FaqInput = components['schemas']['FaqInput'];

/** The body editors' sanitiser; quiet, as the editor shows the refusal beside the HTML. */
export const editorClean: Cleaner = async (html) => {
  const cleaned = await unwrap(api.POST('/api/page/v1/manage/preview', { body: { html } }), {
    quiet: true,
  });
  return cleaned.html;
};

const pagesKey = ['manage', 'pages'] as const;
const faqKey = ['manage', 'faq'] as const;

export function writtenPagesQueryOptions() {
  return queryOptions({
    queryKey: [...pagesKey, 'list'],
    queryFn: () => unwrap(api.GET('/api/page/v1/manage/page')),
  });
}

/** The satellite groups of the catalogue, e.g. 'chinese/gf1', in its order. */
export function satelliteGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['manage', 'satelliteGroups'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/normal/v5/satellite'))).satellites.map((s) => s.group),
    // The catalogue changes with a release, not during a visit.
    staleTime: Infinity,
  });
}

/** A page to edit; quiet, as a page not written yet (404) is the form's to say. */
export function pageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...pagesKey, 'page', slug],
    queryFn: () =>
      unwrap(api.GET('/api/page/v1/page/{slug}', { params: { path: { slug } } }), {
        quiet: true,
      }),
    retry: false,
  });
}

export function useSavePage(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PageInput) =>
      unwrap(
        api.PUT('/api/page/v1/manage/page/{slug}', { params: { path: { slug } }, body: input }),
      ),
    onSuccess: (page) => queryClient.setQueryData(pageQueryOptions(slug).queryKey, page),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...pagesKey, 'list'] }),
  });
}

export function faqQueryOptions() {
  return queryOptions({
    queryKey: faqKey,
    queryFn: () => unwrap(api.GET('/api/page/v1/faq')),
  });
}

/** A change to the FAQ: a new entry (no id), an entry replaced, or one deleted. */
export type FaqChange =
  { kind: 'save'; id?: number; input: FaqInput } | { kind: 'delete'; id: number };

function sendFaq(change: FaqChange): Promise<unknown> {
  if (change.kind === 'delete') {
    return unwrap(
      api.DELETE('/api/page/v1/manage/faq/{id}', { params: { path: { id: change.id } } }),
    );
  }
  if (change.id === undefined) {
    return unwrap(api.POST('/api/page/v1/manage/faq', { body: change.input }));
  }
  return unwrap(
    api.PUT('/api/page/v1/manage/faq/{id}', {
      params: { path: { id: change.id } },
      body: change.input,
    }),
  );
}

/** Changes to the FAQ, several at once (a new order writes each moved entry); then the list. */
export function useFaqChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly FaqChange[]) => {
      for (const change of changes) await sendFaq(change);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: faqKey }),
  });
}
