import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { CorrectionForm } from './correction-form.tsx';

const api = createApiServer();
beforeAll(() => {
  // jsdom has no layout: the combobox scrolls its chosen option into view.
  Element.prototype.scrollIntoView ??= () => {};
  return api.start();
});
afterAll(api.stop);
afterEach(() => notifications.clean());

const label = (en: string) => ({ default: 'en' as const, values: { en } });
const request = {
  id: '12',
  customerId: '7',
  machineId: '3',
  transportType: 'COURIER',
  deliveryPlace: 'FARM',
};
const record = { filedBy: null, duplicateOf: null, duplicates: [], corrections: [] };

function answer({ method, path }: { method: string; path: string }) {
  if (path === '/api/staff/intake/customers/7/machines') {
    return {
      status: 200,
      body: [
        { id: '3', name: 'Kombajn', serialNumber: 'KS-100' },
        { id: '4', name: 'Prasa', serialNumber: 'PR-200' },
      ],
    };
  }
  if (method === 'POST' && path === '/api/staff/service-requests/12/corrections') {
    return { status: 200, body: record };
  }
  return { status: 404, body: { code: 'NOT_FOUND', message: 'x' } };
}

describe('correction form', () => {
  it('sends only the fields that differ from the request, with the reason; a cleared choice is null', async () => {
    api.reset(answer);
    const onDone = vi.fn();
    await renderWithProviders(
      <CorrectionForm
        request={request}
        requestKey={['staff', 'service-request', '12']}
        transportTypes={[
          { code: 'COURIER', label: label('Courier') },
          { code: 'OWN', label: label('Own') },
        ]}
        deliveryPlaces={[{ code: 'FARM', label: label('Farm') }]}
        onDone={onDone}
      />,
    );
    await userEvent.click(await screen.findByLabelText('Transport type', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Own' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Customer brings it himself.');
    await userEvent.click(screen.getByRole('button', { name: 'Save the correction' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = api.state.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ transportType: 'OWN', reason: 'Customer brings it himself.' });
  });

  it('asks for a reason before sending anything', async () => {
    api.reset(answer);
    await renderWithProviders(
      <CorrectionForm
        request={request}
        requestKey={['staff', 'service-request', '12']}
        transportTypes={[]}
        deliveryPlaces={[]}
        onDone={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save the correction' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Reason/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(api.state.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
