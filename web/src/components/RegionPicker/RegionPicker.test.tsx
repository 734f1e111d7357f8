import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../app/queryClient';
import { regionRoutes } from '../../test/regions';
import { requestsTo, stubServer } from '../../test/server';
import { RegionPicker, type RegionPickerProps } from './RegionPicker';

function renderPicker(props: RegionPickerProps = {}) {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={createQueryClient()}>
        <RegionPicker {...props} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

/** The options of the open menu, by column. */
async function option(name: string) {
  const menu = await screen.findByTestId('region-picker-menu');
  return within(menu).findByText(name, { selector: '[data-testid=region-option]' });
}

async function open() {
  await userEvent.click(screen.getByTestId('region-picker'));
}

afterEach(() => vi.unstubAllGlobals());

describe('RegionPicker', () => {
  it('fills the parents of a county given as value, in one lineage call', async () => {
    const requests = stubServer(regionRoutes());
    renderPicker({ value: '420111' });
    expect(await screen.findByText('湖北省 / 武汉市 / 洪山区')).toBeInTheDocument();
    expect(requestsTo(requests, '/api/region/v2/id/420111/l')).toHaveLength(1);
  });

  it('loads each level when opened and reports the whole path at every level', async () => {
    const requests = stubServer(regionRoutes());
    const onChange = vi.fn();
    renderPicker({ onChange });
    await open();
    await userEvent.click(await option('湖北省'));
    expect(onChange).toHaveBeenLastCalledWith([{ id: '420000', name: '湖北省', isLeaf: false }]);
    await userEvent.click(await option('武汉市'));
    await userEvent.click(await option('洪山区'));
    expect(onChange).toHaveBeenLastCalledWith([
      { id: '420000', name: '湖北省', isLeaf: false },
      { id: '420100', name: '武汉市', isLeaf: false },
      { id: '420111', name: '洪山区', isLeaf: true },
    ]);
    // Each level was asked for once; the lineage was not needed.
    expect(requestsTo(requests, '/api/region/v2/pid/420000/l')).toHaveLength(1);
    expect(requestsTo(requests, '/api/region/v2/pid/420100/l')).toHaveLength(1);
    expect(requestsTo(requests, '/api/region/v2/id/420111/l')).toHaveLength(0);
  });

  it('lets only leaves end the choice when asked to', async () => {
    stubServer(regionRoutes());
    const onChange = vi.fn();
    renderPicker({ onChange, leafOnly: true });
    await open();
    await userEvent.click(await option('湖北省'));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(await option('仙桃市'));
    expect(onChange).toHaveBeenLastCalledWith([
      { id: '420000', name: '湖北省', isLeaf: false },
      { id: '429004', name: '仙桃市', isLeaf: true },
    ]);
  });

  it('offers 全国 first when asked to', async () => {
    stubServer(regionRoutes());
    const onChange = vi.fn();
    renderPicker({ onChange, includeCountry: true });
    await open();
    const menu = await screen.findByTestId('region-picker-menu');
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByTestId('region-option')
          .map((node) => node.textContent),
      ).toEqual(['全国', '北京市', '湖北省', '湖南省']),
    );
    await userEvent.click(await option('全国'));
    expect(onChange).toHaveBeenLastCalledWith([{ id: '100000', name: '全国', isLeaf: true }]);
  });

  it('offers only the area range, its parents as the way there', async () => {
    stubServer(regionRoutes());
    const onChange = vi.fn();
    renderPicker({ onChange, limitTo: ['420111'], includeCountry: true });
    await open();
    const menu = await screen.findByTestId('region-picker-menu');
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByTestId('region-option')
          .map((node) => node.textContent),
      ).toEqual(['湖北省']),
    );
    await userEvent.click(await option('湖北省'));
    await userEvent.click(await option('武汉市'));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(menu).queryByText('江岸区')).toBeNull();
    await userEvent.click(await option('洪山区'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall?.[0]).toHaveLength(3);
  });
});
