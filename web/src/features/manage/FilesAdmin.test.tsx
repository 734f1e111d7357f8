import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signInEditor, testUser } from '../../test/session';

const paper = {
  id: 4,
  category: 'paper',
  owner: '',
  title: '影像几何精度评价',
  name: 'paper.pdf',
  mime: 'application/pdf',
  size: 2048,
  sha256: 'ab',
  version: '',
  createdAt: '2026-11-27 10:00',
  demo: false,
  url: '/api/share/v2/file/4',
};

const REFUSAL = '文件类型不支持：软件只接受压缩包或安装包';

function routes() {
  return {
    ...accountRoutes({ user: { ...testUser([], 3, ['editor']), username: 'editor' } }),
    'GET /api/share/v2': () => envelope({ total: 1, pageNum: 1, pageSize: 20, list: [paper] }),
    'POST /api/share/v2/manage': () => envelope(null, { code: 400, status: 400, message: REFUSAL }),
    'DELETE /api/share/v2/manage/4': () => envelope(true),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('文件管理', () => {
  it("sends a software's owner and version with the file, and shows the server's refusal", async () => {
    const requests = stubServer(routes());
    signInEditor();
    renderApp('/manage/files');
    expect(await screen.findByText('影像几何精度评价')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('files-submit'));
    expect(await screen.findByTestId('files-refusal')).toHaveTextContent('请选择要上传的文件');

    await userEvent.click(within(screen.getByTestId('files-category')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('软件下载'));
    await userEvent.click(within(await screen.findByTestId('files-owner')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('LandSIS'));
    await userEvent.type(screen.getByTestId('files-version'), 'v3.2');
    const input = screen.getByTestId('files-dropper').querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['x'], 'setup.png', { type: 'image/png' }));
    await userEvent.click(screen.getByTestId('files-submit'));
    expect(await screen.findByTestId('files-refusal')).toHaveTextContent(REFUSAL);

    const [post] = requestsTo(requests, '/api/share/v2/manage');
    const form = await post?.formData();
    expect(form?.get('category')).toBe('software');
    expect(form?.get('owner')).toBe('LandSIS');
    expect(form?.get('version')).toBe('v3.2');
    expect(form?.has('title')).toBe(false);
    // The file goes last, after the category that bounds its size.
    expect([...(form?.keys() ?? [])].at(-1)).toBe('file');
  });

  it('deletes a file only after the confirmation', async () => {
    const requests = stubServer(routes());
    signInEditor();
    renderApp('/manage/files');
    const row = (await screen.findByText('影像几何精度评价')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByTestId('files-delete'));
    const confirm = await screen.findByTestId('files-delete-confirm');
    expect(requestsTo(requests, '/api/share/v2/manage/4')).toHaveLength(0);
    await userEvent.click(confirm);
    await waitFor(() => expect(requestsTo(requests, '/api/share/v2/manage/4')).toHaveLength(1));
  });
});
