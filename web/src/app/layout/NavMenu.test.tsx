import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { renderApp } from '../../test/renderApp';

afterEach(() => useSession.getState().clear());

describe('the menu bar', () => {
  it('opens a sub-menu on hover, and the nested one too; leaving closes them', async () => {
    renderApp('/home');
    const satellites = await screen.findByTestId('menu-satellite');
    expect(screen.queryByTestId('menu-satellite-chinese')).not.toBeInTheDocument();
    fireEvent.mouseEnter(satellites.parentElement!);
    const chinese = await screen.findByTestId('menu-satellite-chinese');
    expect(satellites).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseEnter(chinese.parentElement!);
    expect(await screen.findByTestId('menu-satellite-chinese-gf1')).toBeInTheDocument();
    fireEvent.mouseLeave(satellites.parentElement!);
    expect(screen.queryByTestId('menu-satellite-chinese')).not.toBeInTheDocument();
    expect(satellites).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens by keyboard, closes with Escape and gives the focus back to its entry', async () => {
    renderApp('/home');
    const satellites = await screen.findByTestId('menu-satellite');
    satellites.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('menu-satellite-chinese')).toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('menu-satellite-chinese')).not.toBeInTheDocument();
    expect(satellites).toHaveFocus();
  });

  it('goes to a chosen page and closes the menus', async () => {
    const { router } = renderApp('/home');
    await userEvent.click(await screen.findByTestId('menu-platform'));
    await userEvent.click(screen.getByTestId('menu-platform-platformIntro'));
    await userEvent.click(screen.getByTestId('menu-platform-platformIntro-description'));
    expect(router.state.location.pathname).toBe('/platform/platformIntro/description');
    expect(screen.queryByTestId('menu-platform-platformIntro')).not.toBeInTheDocument();
  });

  it("marks the current page's entry and the entries that hold it", async () => {
    renderApp('/normal');
    const entry = await screen.findByTestId('menu-normal');
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(entry.parentElement).toHaveClass('nav-menu__entry--selected');
    expect(screen.getByTestId('menu-home')).not.toHaveAttribute('aria-current');
  });
});
