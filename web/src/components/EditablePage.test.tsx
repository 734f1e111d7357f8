import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../test/renderPage';
import { envelope, requestsTo, stubServer } from '../test/server';
import { signIn, signInEditor } from '../test/session';
import { useSession } from '../lib/session';
import { EditablePage } from './EditablePage';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const PATH = '/api/page/v1/page/platformIntro%2Fdescription';

const page = (body: string) =>
  envelope({
    slug: 'platformIntro/description',
    title: '平台简介',
    body,
    updatedAt: '2026-11-27 09:00',
    updatedBy: '',
    demo: true,
  });

describe('an editable page', () => {
  it('asks for its slug with the slash encoded and shows the cleaned body', async () => {
    const requests = stubServer({
      [`GET ${PATH}`]: () => page('<p>平台<strong>简介</strong></p>'),
    });
    renderPage(<EditablePage slug="platformIntro/description" />);
    expect(screen.getByTestId('editable-page-loading')).toBeInTheDocument();
    const body = await screen.findByTestId('editable-page-body');
    expect(body.querySelector('strong')).toHaveTextContent('简介');
    expect(screen.getByText('演示')).toBeInTheDocument();
    expect(screen.getByText('更新时间：2026-11-27 09:00')).toBeInTheDocument();
    expect(requestsTo(requests, PATH)).toHaveLength(1);
  });

  it('shows its fallback when no page has the slug or the page is empty', async () => {
    stubServer({});
    const { unmount } = renderPage(
      <EditablePage slug="platformIntro/description" fallback="暂未发布" />,
    );
    expect(await screen.findByTestId('editable-page-empty')).toHaveTextContent('暂未发布');
    // A missing page is not a failure: no toast.
    expect(screen.queryByText('不存在')).not.toBeInTheDocument();
    unmount();
    stubServer({ [`GET ${PATH}`]: () => page('  ') });
    renderPage(<EditablePage slug="platformIntro/description" />);
    expect(await screen.findByTestId('editable-page-empty')).toHaveTextContent('暂无内容');
  });

  it('says when it failed to load and loads again on 重试', async () => {
    let fail = true;
    stubServer({
      [`GET ${PATH}`]: () =>
        fail
          ? envelope(null, { code: 500, status: 500, message: '服务异常' })
          : page('<p>好了</p>'),
    });
    renderPage(<EditablePage slug="platformIntro/description" />);
    expect(await screen.findByTestId('editable-page-failed')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(screen.getByTestId('editable-page-failed')).getByRole('button'));
    expect(await screen.findByText('好了')).toBeInTheDocument();
  });

  it('offers 编辑此页 to content editors only, opening the page in the console', async () => {
    stubServer({ [`GET ${PATH}`]: () => page('<p>正文</p>') });
    signIn(['MOD_054']);
    const { unmount } = renderPage(<EditablePage slug="platformIntro/description" />);
    await screen.findByTestId('editable-page-body');
    expect(screen.queryByTestId('page-edit-link')).not.toBeInTheDocument();
    unmount();
    signInEditor();
    renderPage(<EditablePage slug="platformIntro/description" />);
    const link = await screen.findByTestId('page-edit-link');
    expect(link).toHaveAttribute('href', '/manage/pages?slug=platformIntro%2Fdescription');
  });
});
