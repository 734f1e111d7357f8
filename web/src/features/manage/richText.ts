// The edits behind the rich-text editor's toolbar (RichTextEditor.tsx). Formatting (bold,
// headings, lists) uses the browser's editing commands, which keep the editor's undo history;
// links, images and attachments are built as DOM nodes, so a file name or an address is never
// read as markup, and inserted at the caret the editor last had (a toolbar click or a file
// dialog takes the focus away from it). The server sanitises whatever the body ends up being.

/** A formatting button of the toolbar. */
export type FormatCommand = 'bold' | 'h2' | 'h3' | 'p' | 'ul' | 'ol';

/** Applies `command` to the selection inside the focused editor. */
export function format(command: FormatCommand): void {
  switch (command) {
    case 'bold':
      document.execCommand('bold');
      return;
    case 'ul':
      document.execCommand('insertUnorderedList');
      return;
    case 'ol':
      document.execCommand('insertOrderedList');
      return;
    default:
      document.execCommand('formatBlock', false, `<${command}>`);
  }
}

/** The link and image addresses the server keeps: http(s), mailto, or a path on this server. */
export function isAllowedAddress(address: string): boolean {
  const value = address.trim();
  if (value === '' || /[\s"<>]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^(https?:\/\/[^/]|mailto:)/i.test(value);
}

/** The refusal of an address `isAllowedAddress` rejects. */
export const BAD_ADDRESS_MESSAGE = '地址无效：应为 http(s)、mailto 地址或本站路径（以 / 开头）';

/** The selection's range when it lies inside `editor`, else null. */
export function rangeIn(editor: HTMLElement): Range | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return editor.contains(range.commonAncestorContainer) ? range : null;
}

/** A collapsed range at the end of `editor`'s content. */
function endOf(editor: HTMLElement): Range {
  const range = document.createRange();
  range.selectNodeContents(editor);
  range.collapse(false);
  return range;
}

/**
 * Puts `node` at `range` (replacing what it selects) when that still lies inside `editor`,
 * else at the end, and leaves the caret after it.
 */
export function insertNode(editor: HTMLElement, node: Node, range: Range | null): void {
  const target = range && editor.contains(range.commonAncestorContainer) ? range : endOf(editor);
  target.deleteContents();
  target.insertNode(node);
  const after = document.createRange();
  after.setStartAfter(node);
  after.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(after);
}

/** An image of an uploaded file, its name as the alternative text. */
export function imageNode(url: string, name: string): HTMLElement {
  const image = document.createElement('img');
  image.src = url;
  image.alt = name;
  return image;
}

/** A link to `url` showing `text` (an uploaded attachment: its name). */
export function linkNode(url: string, text: string): HTMLElement {
  const link = document.createElement('a');
  link.href = url;
  link.textContent = text;
  return link;
}

/**
 * Makes the selected content a link to `url`, or inserts the address itself as a link when
 * nothing is selected.
 */
export function insertLink(editor: HTMLElement, url: string, range: Range | null): void {
  const inside = range && editor.contains(range.commonAncestorContainer) ? range : null;
  if (inside && !inside.collapsed) {
    const link = document.createElement('a');
    link.href = url;
    link.appendChild(inside.extractContents());
    insertNode(editor, link, inside);
    return;
  }
  insertNode(editor, linkNode(url, url), inside);
}

/**
 * Readies an editable area for typing: text goes into paragraphs (an empty area gets one, and
 * Enter starts a new <p> rather than a <div>), so that the body stored is made of blocks.
 */
export function startParagraphs(editor: HTMLElement): void {
  document.execCommand('defaultParagraphSeparator', false, 'p');
  if (editor.innerHTML !== '') return;
  const paragraph = document.createElement('p');
  paragraph.appendChild(document.createElement('br'));
  editor.appendChild(paragraph);
  const range = document.createRange();
  range.setStart(paragraph, 0);
  range.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
