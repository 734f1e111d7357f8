import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/client';
import { RichTextEditor, type Cleaner, type Uploader } from './RichTextEditor';

/** Stands in for the server's sanitiser (tested on the server): drops event attributes. */
const dropHandlers: Cleaner = (html) => Promise.resolve(html.replace(/ on\w+="[^"]*"/g, ''));

/** The editor in a form of one field, the field's value shown beside it. */
function Harness({
  initial,
  upload,
  clean = dropHandlers,
}: {
  initial: string;
  upload: Uploader;
  clean?: Cleaner;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        value={value}
        onChange={setValue}
        upload={upload}
        clean={clean}
        testId="body"
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const execCommand = vi.fn(() => true);

beforeEach(() => {
  // jsdom has no editing commands; Chromium's are exercised by the browser journey.
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
});

afterEach(() => execCommand.mockClear());

/** Puts the caret in `node` at `offset`, as a click in the editable area would. */
function caretAt(node: Node, offset: number) {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  document.dispatchEvent(new Event('selectionchange'));
}

/** Selects `node`'s text from `start` to `end`. */
function select(node: Node, start: number, end: number) {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  document.dispatchEvent(new Event('selectionchange'));
}

const noUpload: Uploader = () => Promise.reject(new Error('unused'));

describe('the rich-text editor', () => {
  it('shows the value in the editable area and reports typing as HTML', () => {
    render(<Harness initial="<p>第一段</p>" upload={noUpload} />);
    const area = screen.getByTestId('body-area');
    expect(area.innerHTML).toBe('<p>第一段</p>');
    area.innerHTML = '<p>第一段，补充</p>';
    fireEvent.input(area);
    expect(screen.getByTestId('value')).toHaveTextContent('<p>第一段，补充</p>');
  });

  it('starts an empty body with a paragraph to type in', () => {
    render(<Harness initial="" upload={noUpload} />);
    const area = screen.getByTestId('body-area');
    fireEvent.focus(area);
    expect(area.innerHTML).toBe('<p><br></p>');
    expect(execCommand).toHaveBeenCalledWith('defaultParagraphSeparator', false, 'p');
  });

  it('formats the selection with bold, headings and lists from the toolbar', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>标题</p>" upload={noUpload} />);
    await user.click(screen.getByTestId('body-bold'));
    await user.click(screen.getByTestId('body-h2'));
    await user.click(screen.getByTestId('body-ul'));
    await user.click(screen.getByTestId('body-ol'));
    const formatting = execCommand.mock.calls.filter(
      ([command]: unknown[]) => command !== 'defaultParagraphSeparator',
    );
    expect(formatting).toEqual([
      ['bold'],
      ['formatBlock', false, '<h2>'],
      ['insertUnorderedList'],
      ['insertOrderedList'],
    ]);
  });

  it('uploads an image and inserts it at the caret as an img of the file address', async () => {
    const upload = vi.fn<Uploader>(() =>
      Promise.resolve({ url: '/api/share/v2/file/5', name: '卫星.png' }),
    );
    render(<Harness initial="<p>前后</p>" upload={upload} />);
    const text = screen.getByTestId('body-area').querySelector('p')?.firstChild;
    if (!text) throw new Error('no text');
    caretAt(text, 1);
    const file = new File(['png'], '卫星.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('body-image-input'), file);
    expect(upload).toHaveBeenCalledWith(file, 'image');
    await waitFor(() =>
      expect(screen.getByTestId('value')).toHaveTextContent(
        '<p>前<img src="/api/share/v2/file/5" alt="卫星.png">后</p>',
      ),
    );
  });

  it('uploads an attachment and inserts a link named by the file, its name kept as text', async () => {
    const upload = vi.fn<Uploader>(() =>
      Promise.resolve({ url: '/api/share/v2/file/6', name: '<b>通知</b>.pdf' }),
    );
    render(<Harness initial="<p>附件：</p>" upload={upload} />);
    const file = new File(['%PDF'], '通知.pdf', { type: 'application/pdf' });
    // No caret in the editor: the link goes at the end.
    await userEvent.upload(screen.getByTestId('body-attachment-input'), file);
    expect(upload).toHaveBeenCalledWith(file, 'attachment');
    await waitFor(() =>
      expect(screen.getByTestId('value')).toHaveTextContent(
        '<p>附件：</p><a href="/api/share/v2/file/6">&lt;b&gt;通知&lt;/b&gt;.pdf</a>',
      ),
    );
  });

  it("shows the server's refusal of an upload and inserts nothing", async () => {
    const upload: Uploader = () =>
      Promise.reject(new ApiError('文件类型不支持：图片只接受 PNG、JPEG、WebP 或 GIF', 400));
    render(<Harness initial="<p>正文</p>" upload={upload} />);
    await userEvent.upload(
      screen.getByTestId('body-image-input'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    expect(await screen.findByTestId('body-upload-error')).toHaveTextContent(
      '文件类型不支持：图片只接受 PNG、JPEG、WebP 或 GIF',
    );
    expect(screen.getByTestId('value')).toHaveTextContent('<p>正文</p>');
  });

  it('makes the selected words a link, and refuses an address the server would drop', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>见公告原文</p>" upload={noUpload} />);
    const text = screen.getByTestId('body-area').querySelector('p')?.firstChild;
    if (!text) throw new Error('no text');
    select(text, 1, 5);
    await user.click(screen.getByTestId('body-link'));
    const address = screen.getByTestId('body-link-address');
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByTestId('body-link-insert'));
    expect(screen.getByText(/地址无效/)).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('<p>见公告原文</p>');
    await user.clear(address);
    await user.type(address, 'https://example.cn/a');
    await user.click(screen.getByTestId('body-link-insert'));
    expect(screen.getByTestId('value')).toHaveTextContent(
      '<p>见<a href="https://example.cn/a">公告原文</a></p>',
    );
  });

  it('edits the HTML itself and previews the value as it will be shown', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>旧</p>" upload={noUpload} />);
    await user.click(screen.getByRole('tab', { name: 'HTML' }));
    const html = screen.getByTestId('body-html');
    await user.clear(html);
    fireEvent.change(html, { target: { value: '<h2>新标题</h2><p>新正文</p>' } });
    await user.click(screen.getByRole('tab', { name: '预览' }));
    const preview = screen.getByTestId('body-preview');
    expect(preview.querySelector('h2')).toHaveTextContent('新标题');
    expect(preview.querySelector('p')).toHaveTextContent('新正文');
    // Back in the editable area, the new HTML is what is edited.
    await user.click(screen.getByRole('tab', { name: '编辑' }));
    expect(screen.getByTestId('body-area').innerHTML).toBe('<h2>新标题</h2><p>新正文</p>');
  });

  it('renders HTML typed in the HTML tab only as the server sanitised it', async () => {
    const user = userEvent.setup();
    const clean = vi.fn(dropHandlers);
    render(<Harness initial="<p>旧</p>" upload={noUpload} clean={clean} />);
    await user.click(screen.getByRole('tab', { name: 'HTML' }));
    fireEvent.change(screen.getByTestId('body-html'), {
      target: { value: '<p onclick="steal()">新</p>' },
    });
    // While the text is unchecked, neither the editable area nor the preview holds it.
    expect(screen.getByTestId('body-area').innerHTML).toBe('<p>旧</p>');
    await user.click(screen.getByRole('tab', { name: '预览' }));
    expect(clean).toHaveBeenCalledWith('<p onclick="steal()">新</p>');
    expect(screen.getByTestId('body-preview').innerHTML).toBe('<p>新</p>');
    expect(screen.getByTestId('value')).toHaveTextContent('<p>新</p>');
  });

  it("stays in the HTML tab with the server's message when the text cannot be checked", async () => {
    const user = userEvent.setup();
    const refuse: Cleaner = () => Promise.reject(new ApiError('正文不能超过200KB', 400));
    render(<Harness initial="<p>旧</p>" upload={noUpload} clean={refuse} />);
    await user.click(screen.getByRole('tab', { name: 'HTML' }));
    fireEvent.change(screen.getByTestId('body-html'), { target: { value: '<p>很长</p>' } });
    await user.click(screen.getByRole('tab', { name: '编辑' }));
    expect(await screen.findByTestId('body-clean-error')).toHaveTextContent('正文不能超过200KB');
    expect(screen.getByRole('tab', { name: 'HTML' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('body-area').innerHTML).toBe('<p>旧</p>');
  });
});
