import { UPLOAD_CONTENT_TYPES, UPLOAD_DEFAULT_LIMITS, UPLOAD_EXTENSIONS } from '@care/contract/files';
import type { MachineDetails } from '@care/contract/machines';
import type { ServiceRequestDetails } from '@care/contract/service-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '#app/lib/query-client.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import * as machineRoute from './machine.tsx';
import * as serviceRoute from './service.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
// The loaders fill the app's query client: each test starts from an empty one.
afterEach(() => queryClient.clear());

const machine: MachineDetails = {
  id: '7',
  name: 'Prasa zwijająca Z-562',
  serialNumber: 'AGM562-0001',
  purchaseDate: '2024-04-02',
  guaranteeEndDate: '2026-04-02',
  status: 'I',
  dealer: 'Agro-Serwis Kowalscy',
  guaranteeDaysLeft: -30,
  guaranteeState: 'ended',
  serviceRequests: [
    {
      id: '31',
      code: 'SR/2026/000031',
      status: 'A',
      reportDate: '2026-04-20T07:30:00.000Z',
      estimatedCompletionDate: '2026-05-10',
      completionDate: null,
    },
  ],
  serviceRequestCount: 1,
  openServiceRequestCount: 1,
};

const service: ServiceRequestDetails = {
  id: '31',
  code: 'SR/2026/000031',
  reportDate: '2026-04-20T07:30:00.000Z',
  estimatedCompletionDate: '2026-05-10',
  completionDate: null,
  status: 'A',
  statusHistory: [
    { fromStatus: null, toStatus: 'N', changedAt: '2026-04-20T07:30:00.000Z', changedBy: 'Jan Kowalski' },
    { fromStatus: 'N', toStatus: 'C', changedAt: '2026-04-21T09:00:00.000Z', changedBy: 'Anna Serwis' },
  ],
  transportType: { code: 'own', label: { default: 'pl', values: { pl: 'Własny', en: 'Own transport' } } },
  deliveryPlace: null,
  problemDescription: 'The knotter misses every third bale.',
  comments: null,
  serviceOpinion: null,
  additionalParts: null,
  machine: { id: '7', name: 'Prasa zwijająca Z-562', serialNumber: 'AGM562-0001' },
  attachments: [
    {
      id: '0b9f3c1e-8d55-4a8e-9a55-0f4f5d3c1a01',
      name: 'knotter.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 245_000,
      addedAt: '2026-04-20T07:30:00.000Z',
      addedBy: 'Jan Kowalski',
      addedByStaff: false,
      isInitial: true,
    },
  ],
  canAddAppendices: true,
  estimateHistory: [],
  rating: null,
  canRate: false,
};

const elements = {
  transportTypes: [],
  deliveryPlaces: [],
  uploadLimits: {
    ...UPLOAD_DEFAULT_LIMITS,
    contentTypes: UPLOAD_CONTENT_TYPES,
    extensions: UPLOAD_EXTENSIONS,
  },
};

const notFound = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };

function answer(routes: Record<string, unknown>) {
  api.reset((request: RecordedRequest) =>
    request.path in routes ? { status: 200, body: routes[request.path] } : notFound,
  );
}

/** Mounts a detail route as router.tsx does: its loader, component and error boundary. */
function renderRoute(route: string, path: string, mod: typeof machineRoute | typeof serviceRoute) {
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route,
    routes: [{ path, loader: mod.loader, Component: mod.Component, ErrorBoundary: mod.ErrorBoundary }],
  });
}

describe('machine details', () => {
  it('preloads the machine and shows its guarantee, its requests and a way to file a new one', async () => {
    answer({ '/api/end-products/7': machine });
    await renderRoute('/home/machines/edit/7', '/home/machines/edit/:machineId', machineRoute);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prasa zwijająca Z-562' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('AGM562-0001').length).toBeGreaterThan(0);
    expect(screen.getByText('Days since the guarantee ended')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'SR/2026/000031' })[0]).toHaveAttribute(
      'href',
      '/home/services/edit/31',
    );
    expect(screen.getByRole('link', { name: 'New service request' })).toHaveAttribute(
      'href',
      '/home/services/new?machineId=7',
    );
  });

  it("shows 'machine-load-error' for another customer's or an unknown machine, without a toast", async () => {
    answer({});
    await renderRoute('/home/machines/edit/999', '/home/machines/edit/:machineId', machineRoute);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The machine could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('service request details', () => {
  it('shows the request read-only: its status, history, description and downloadable attachments', async () => {
    answer({
      '/api/service-requests/31': service,
      '/api/service-requests/elements': elements,
      '/api/chat/comments': { messages: [], hasMore: false },
    });
    await renderRoute('/home/services/edit/31', '/home/services/edit/:serviceId', serviceRoute);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request SR/2026/000031' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Request status' })).toHaveTextContent('In execution');
    expect(screen.getByText('Own transport')).toBeInTheDocument();
    expect(screen.getByText('The knotter misses every third bale.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /problem description/i })).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Attachments' });
    expect(within(table).getByRole('link', { name: 'knotter.jpg' })).toHaveAttribute(
      'href',
      expect.stringMatching(
        /\/api\/service-requests\/31\/attachments\/0b9f3c1e-8d55-4a8e-9a55-0f4f5d3c1a01$/,
      ),
    );
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Under consideration')).toBeInTheDocument();
    expect(await screen.findByText('No messages')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the service team' })).toBeInTheDocument();
  });

  it('lets the customer withdraw a pending request after confirming, and shows its new status', async () => {
    let current: ServiceRequestDetails = {
      ...service,
      status: 'N',
      statusHistory: service.statusHistory.slice(0, 1),
    };
    api.reset((request: RecordedRequest) => {
      if (request.method === 'POST' && request.path === '/api/service-requests/31/withdrawal') {
        current = { ...current, status: 'X' };
        return { status: 200, body: { id: '31', status: 'X', statusChangedAt: '2026-04-20T08:00:00.000Z' } };
      }
      if (request.path === '/api/service-requests/31') return { status: 200, body: current };
      if (request.path === '/api/service-requests/elements') return { status: 200, body: elements };
      if (request.path === '/api/chat/comments')
        return { status: 200, body: { messages: [], hasMore: false } };
      return notFound;
    });
    await renderRoute('/home/services/edit/31', '/home/services/edit/:serviceId', serviceRoute);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The request has been withdrawn.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Request status' })).toHaveTextContent('Rejected'),
    );
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
  });

  it("shows 'service-load-error' when the service request cannot be loaded", async () => {
    answer({});
    await renderRoute('/home/services/edit/5', '/home/services/edit/:serviceId', serviceRoute);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The service request could not be loaded' }),
    ).toBeInTheDocument();
  });
});
