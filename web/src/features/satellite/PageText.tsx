// An editable page's text shown inside a satellite or analysis page: its sanitised body, or
// nothing while none has been written (the page module answers 404 then) but 编辑此页 for editors.
import { useQuery } from '@tanstack/react-query';
import { editablePageQueryOptions } from '../../api/editablePage';
import { PageEditLink } from '../../components/EditablePage';

export function PageText({ slug }: { slug: string }) {
  const text = useQuery(editablePageQueryOptions(slug));
  if (!text.data?.body.trim()) return <PageEditLink slug={slug} />;
  return (
    <section className="satellite-description" aria-label={text.data.title} data-testid="page-text">
      <div
        // Cleaned by the server on an allow-list before it was stored.
        dangerouslySetInnerHTML={{ __html: text.data.body }}
      />
      <PageEditLink slug={slug} />
    </section>
  );
}
