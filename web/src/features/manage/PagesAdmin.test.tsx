import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signInEditor, testUser } from '../../test/session';

const GF1_PATH = '/api/page/v1/manage/page/satellite%2Fchinese%2Fgf1';

function routes() {
  return {
    ...accountRoutes({ user: { ...testUser([], 3, ['editor']), username: 'editor' } }),
    'GET /api/page/v1/manage/page': () =>
      envelope([
        {
          slug: 'platformIntro/description',
          title: '平台简介',
          updatedAt: '2026-11-27 09:00',
          updatedBy: '',
          demo: true,
        },
      ]),
    'GET /api/normal/v5/satellite': () =>
      envelope({ satellites: [{ group: 'chinese/gf1' }], sensors: {} }),
    'GET /api/page/v1/page/satellite%2Fchinese%2Fgf1': () =>
      envelope(null, { code: 404, status: 404, message: '页面不存在' }),
    [`PUT ${GF1_PATH}`]: () =>
      envelope({
        slug: 'satellite/chinese/gf1',
        title: '高分一号',
        body: '<p>介绍</p>',
        updatedAt: '2026-11-27 10:00',
        updatedBy: 'editor',
        demo: false,
      }),
    'GET /api/page/v1/faq': () => envelope([]),
  };
}

beforeEach(() => {
  Object.defineProperty(document, 'execCommand', { configurable: true, value: () => true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('页面管理', () => {
  it('lists the known pages, written or not, with the satellite pages of the catalogue', async () => {
    stubServer(routes());
    signInEditor();
    renderApp('/manage/pages');
    const intro = (await screen.findByText('platformIntro/description')).closest('tr');
    expect(within(intro as HTMLElement).getByTestId('page-row-state')).toHaveTextContent(
      '演示内容',
    );
    const contact = screen.getByText('about/contact').closest('tr');
    expect(within(contact as HTMLElement).getByTestId('page-row-state')).toHaveTextContent(
      '未编写',
    );
    await userEvent.click(within(screen.getByTestId('pages-section-filter')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('卫星介绍'));
    expect(await screen.findByText('satellite/chinese/gf1')).toBeInTheDocument();
  });

  it('creates a page not written yet under the title the menu gives it', async () => {
    const requests = stubServer(routes());
    signInEditor();
    renderApp('/manage/pages?slug=satellite/chinese/gf1');
    expect(await screen.findByTestId('page-form-new')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('page-form-title')).toHaveValue('高分一号'));
    await userEvent.click(screen.getByTestId('page-form-save'));
    expect(await screen.findByTestId('page-form-saved')).toBeInTheDocument();
    const [put] = requestsTo(requests, GF1_PATH);
    expect(await put?.json()).toEqual({ title: '高分一号', body: '' });
  });
});
