import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  connectShellToasts,
  openAntdScope,
  shellToast,
  useAntdScope,
  type ToastKind,
} from './antdGate';
import { createQueryClient } from './queryClient';
import { appRouteObjects } from './router';

// This file does not use renderApp (which loads antd first): it starts as a visitor's browser
// does, without antd's providers.
describe("antd's providers", () => {
  it('are not loaded for the home page, and are for the next page drawn with antd', async () => {
    const router = createMemoryRouter(appRouteObjects(), { initialEntries: ['/home'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(useAntdScope.getState().Providers).toBeNull();

    await act(() => router.navigate('/statistics/push'));
    expect(await screen.findByTestId('page-title')).toHaveTextContent('推送统计');
    expect(useAntdScope.getState().Providers).not.toBeNull();
    // The header stayed where it was: it is outside what antd's arrival mounts anew.
    expect(screen.getByTestId('login-button')).toBeInTheDocument();
  });

  it('are loaded once, however many ask', () => {
    expect(openAntdScope()).toBe(openAntdScope());
  });
});

describe('shellToast', () => {
  it("keeps the toasts asked for before antd's App is there and shows them in order", () => {
    shellToast('error', '登录已过期');
    shellToast('warning', '请求过于频繁');
    const shown: [ToastKind, string][] = [];
    const disconnect = connectShellToasts((kind, text) => shown.push([kind, text]));
    expect(shown).toEqual([
      ['error', '登录已过期'],
      ['warning', '请求过于频繁'],
    ]);

    shellToast('error', '退出失败');
    expect(shown).toHaveLength(3);
    disconnect();
    shellToast('error', '无权访问');
    expect(shown).toHaveLength(3);
  });
});
