import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Machine, ErrorBoundary as MachineError, loader as machineLoader } from './machine.tsx';
import { Component as Service, ErrorBoundary as ServiceError, loader as serviceLoader } from './service.tsx';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Mounts a detail route as router.tsx does: its loader, component and error boundary. */
function renderDetail(
  route: string,
  path: string,
  mod: {
    loader: typeof machineLoader | typeof serviceLoader;
    Component: () => React.ReactNode;
    ErrorBoundary: () => React.ReactNode;
  },
) {
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route,
    routes: [{ path, loader: mod.loader, Component: mod.Component, ErrorBoundary: mod.ErrorBoundary }],
  });
}

describe('machine and service request details', () => {
  it('preloads the machine and shows it', async () => {
    const fetch = answer(200, {
      id: 7,
      name: 'Prasa zwijająca Z-562',
      serialNumber: 'AGM562-0001',
      purchaseDate: '2024-04-02',
      guaranteeEndDate: '2026-04-02',
      status: 'I',
      dealer: 'Agro-Serwis Kowalscy',
    });
    await renderDetail('/home/machines/edit/7', '/home/machines/edit/:machineId', {
      loader: machineLoader,
      Component: Machine,
      ErrorBoundary: MachineError,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prasa zwijająca Z-562' }),
    ).toBeInTheDocument();
    expect(screen.getByText('AGM562-0001')).toBeInTheDocument();
    expect(String((fetch.mock.calls[0] as unknown as [URL])[0])).toMatch(/\/api\/end-products\/7$/);
  });

  it("shows 'machine-load-error' when the machine cannot be loaded, without a toast", async () => {
    answer(404, { code: 'NOT_FOUND', message: 'Not found' });
    await renderDetail('/home/machines/edit/999', '/home/machines/edit/:machineId', {
      loader: machineLoader,
      Component: Machine,
      ErrorBoundary: MachineError,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The machine could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'service-load-error' when the service request cannot be loaded", async () => {
    answer(404, { code: 'NOT_FOUND', message: 'Not found' });
    await renderDetail('/home/services/edit/5', '/home/services/edit/:serviceId', {
      loader: serviceLoader,
      Component: Service,
      ErrorBoundary: ServiceError,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The service request could not be loaded' }),
    ).toBeInTheDocument();
  });
});
