// An editable page's text shown inside a satellite or analysis page: its sanitised body, or
// nothing while none has been written (the page module answers 404 then).
import { usePageText } from './api/getPageText';

export function PageText({ slug }: { slug: string }) {
  const text = usePageText(slug);
  if (!text.data) return null;
  return (
    <section className="satellite-description" aria-label={text.data.title} data-testid="page-text">
      <div
        // Cleaned by the server on the news allow-list before it was stored.
        dangerouslySetInnerHTML={{ __html: text.data.body }}
      />
    </section>
  );
}
