import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '#app/app/theme.ts';
import { bearing } from './catalog-fixtures.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { setupTestI18n } from '#app/test/render.tsx';
import { PartSearchBox } from '#app/features/catalog/components/part-search-box.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

describe('PartSearchBox on a server-rendered page', () => {
  it('searches the text typed before the app code arrived', async () => {
    await setupTestI18n('en');
    api.reset(() => ({
      status: 200,
      body: { items: [bearing], total: 1, totalCapped: false, hasMore: false, page: 1, pageSize: 20 },
    }));
    const page = () => (
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PartSearchBox initialValue="" onSearch={() => {}} />
        </QueryClientProvider>
      </MantineProvider>
    );
    // The server's markup, typed into by a farmer on a slow link before the code has run.
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    const field = container.querySelector('input')!;
    field.focus();
    field.value = 'lozysko';

    await act(async () => {
      hydrateRoot(container, page());
    });

    expect(await screen.findByRole('option', { name: /AM-9040-020/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search parts' })).toHaveValue('lozysko');
    await waitFor(() =>
      expect(api.state.requests.map((r) => `${r.path}?${r.query.toString()}`)).toContain(
        '/api/parts?q=lozysko&page=1&pageSize=20',
      ),
    );
    container.remove();
  });
});
