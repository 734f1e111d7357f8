import { describe, expect, it } from 'vitest';
import { applyViewport, viewportContent } from './viewport';

describe('viewport', () => {
  it('lays narrow screens out at 1200 px and leaves wide ones alone', () => {
    expect(viewportContent(390)).toBe('width=1200');
    expect(viewportContent(1199)).toBe('width=1200');
    expect(viewportContent(1200)).toBe('width=device-width, initial-scale=1.0');
  });

  it('rewrites the meta viewport of the page', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML = '<meta name="viewport" content="width=device-width, initial-scale=1.0">';
    applyViewport(doc, 800);
    expect(doc.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe('width=1200');
  });
});
