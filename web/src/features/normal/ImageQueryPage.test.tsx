import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { regionRoutes } from '../../test/regions';
import { renderApp } from '../../test/renderApp';
import { requestsTo, stubServer } from '../../test/server';

afterEach(() => vi.unstubAllGlobals());

async function choose(name: string) {
  const menu = await screen.findByTestId('region-picker-menu');
  await userEvent.click(
    await within(menu).findByText(name, { selector: '[data-testid=region-option]' }),
  );
}

describe('影像查询 (/normal)', () => {
  it('holds the region picker and the map, and says what comes with the module', async () => {
    stubServer(regionRoutes());
    renderApp('/normal');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('影像查询');
    expect(screen.getByTestId('region-picker')).toBeInTheDocument();
    expect(screen.getByTestId('map-view')).toBeInTheDocument();
    expect(screen.getByTestId('map-toolbar')).toBeInTheDocument();
    expect(screen.getByTestId('drawn-extent-empty')).toBeInTheDocument();
    expect(screen.getByTestId('image-query-coming')).toHaveTextContent('随影像查询模块提供');
  });

  it("asks for a chosen county's extent and outline for the map", async () => {
    const requests = stubServer(regionRoutes());
    renderApp('/normal');
    await userEvent.click(await screen.findByTestId('region-picker'));
    await choose('湖北省');
    await choose('武汉市');
    await choose('洪山区');
    await waitFor(() => expect(requestsTo(requests, '/api/region/v2/id/420111')).toHaveLength(1));
    await waitFor(() =>
      expect(requestsTo(requests, '/api/region/v2/pids/420111/s')).toHaveLength(1),
    );
  });
});
