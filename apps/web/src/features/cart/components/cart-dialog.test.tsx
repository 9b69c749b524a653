import type { OfferRequestDetails } from '@care/contract/offers';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { useCartDialog } from '../cart-dialog-store.ts';
import { type CartItem, useCartStore } from '../cart-store.ts';
import { CartDialog } from './cart-dialog.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const bearing: CartItem = {
  id: '11',
  name: '<translations default="pl"><pl>Łożysko kulkowe</pl><en>Ball bearing</en></translations>',
  symbol: 'AM-6204.2RS',
  images: ['/files/parts/bearing.jpg', '/files/parts/bearing-2.jpg'],
  amount: 2,
};
const belt: CartItem = { id: '12', name: 'Pasek klinowy', symbol: 'PK 12-1100', images: [], amount: 1 };

const sent: OfferRequestDetails = {
  id: '5',
  number: 'OR/2026/000005',
  status: 'sent',
  createdAt: '2026-05-04T08:15:00.000Z',
  statusChangedAt: '2026-05-04T08:15:00.000Z',
  itemCount: 2,
  note: null,
  language: 'en',
  items: [],
  history: [],
  attachments: [],
};

const emailCalls = () => api.state.requests.filter((r) => r.path === '/api/parts/email');

async function openCart(items: CartItem[]) {
  for (const item of items) useCartStore.getState().add(item);
  useCartDialog.getState().open();
  const view = await renderWithProviders(<CartDialog />, { language: 'en' });
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Cart' }) };
}

describe('cart dialog', () => {
  beforeEach(() => {
    useCartStore.getState().clear();
    useCartDialog.getState().close();
    sessionStorage.clear();
    notifications.clean();
    api.reset(() => ({ status: 201, body: sent }));
  });

  it('shows each line with its first image or a placeholder, translated name and symbol', async () => {
    const { dialog } = await openCart([bearing, belt]);
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Ball bearing')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('AM-6204.2RS')).toBeInTheDocument();
    expect(lines[0]!.querySelector('img')?.getAttribute('src')).toBe('/files/parts/bearing.jpg');
    expect(within(lines[1]!).getByText('Pasek klinowy')).toBeInTheDocument();
    expect(within(lines[1]!).getByTestId('cart-thumbnail-placeholder')).toBeInTheDocument();
    expect(lines[1]!.querySelector('img')).toBeNull();
  });

  it('shows the empty-cart message with nothing to send or clear', async () => {
    const { dialog } = await openCart([]);
    expect(within(dialog).getByText('Your cart is empty')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Clear' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'Your sent offer requests' })).toHaveAttribute(
      'href',
      '/home/offer-requests',
    );
  });

  it('lowers the amount only while above 1 and raises it up to 99,999', async () => {
    const { dialog } = await openCart([belt]);
    const minus = within(dialog).getByRole('button', { name: 'Decrease quantity: Pasek klinowy' });
    const plus = within(dialog).getByRole('button', { name: 'Increase quantity: Pasek klinowy' });
    const field = within(dialog).getByRole('textbox', { name: 'Quantity: Pasek klinowy' });
    expect(minus).toBeDisabled();
    for (let i = 0; i < 3; i += 1) await userEvent.click(plus);
    expect(field).toHaveValue('4');
    expect(useCartStore.getState().items[0]?.amount).toBe(4);
    expect(minus).toBeEnabled();
    await userEvent.click(minus);
    expect(useCartStore.getState().items[0]?.amount).toBe(3);
    await userEvent.clear(field);
    await userEvent.type(field, '99999');
    expect(useCartStore.getState().items[0]?.amount).toBe(99_999);
    expect(plus).toBeDisabled();
  });

  it('takes a typed amount and refuses one below 1 or above 99,999 with a message, keeping the cart as it was', async () => {
    const { dialog } = await openCart([bearing]);
    const field = within(dialog).getByRole('textbox', { name: 'Quantity: Ball bearing' });
    await userEvent.clear(field);
    await userEvent.type(field, '250');
    expect(useCartStore.getState().items[0]?.amount).toBe(250);
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The quantity must be a whole number from 1 to 99,999.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(useCartStore.getState().items[0]?.amount).toBe(250);
    await userEvent.clear(field);
    await userEvent.type(field, '100000');
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    // Each keystroke's whole number is taken while it is in range: 10000 was, the sixth digit is refused.
    expect(useCartStore.getState().items[0]?.amount).toBe(10_000);
    await userEvent.tab();
    expect(field).toHaveValue('10000');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('removes a line', async () => {
    const { dialog } = await openCart([bearing, belt]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from the cart: Ball bearing' }));
    expect(useCartStore.getState().items.map((item) => item.id)).toEqual(['12']);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
  });

  it('clears the cart only after confirmation', async () => {
    const { dialog } = await openCart([bearing, belt]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByText('Remove all parts from the cart?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(useCartStore.getState().items).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, clear' }));
    expect(useCartStore.getState().items).toEqual([]);
    expect(within(dialog).getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('sends the whole cart with the note, then closes, empties the cart and says it was sent', async () => {
    const { dialog } = await openCart([bearing, belt]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note to parts sales/ }), 'Before June');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Offer request sent')).toBeInTheDocument();
    expect(screen.getByText(/Request number: OR\/2026\/000005/)).toBeInTheDocument();
    expect(emailCalls()).toHaveLength(1);
    expect(emailCalls()[0]!.body).toEqual({
      items: [bearing, belt],
      note: 'Before June',
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(useCartStore.getState()).toMatchObject({ items: [], note: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the cart as it was after a failed send and retries with the same clientId', async () => {
    api.reset(() => ({ status: 503, body: { code: 'INTERNAL', message: 'down' } }));
    const { dialog } = await openCart([bearing, belt]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(
        'The offer request could not be sent. Your cart is unchanged — please try again.',
      ),
    ).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([bearing, belt]);
    expect(screen.getByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
    api.reset(() => ({ status: 201, body: sent }));
    const firstTry = useCartStore.getState().clientId;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Offer request sent')).toBeInTheDocument();
    expect((emailCalls()[0]!.body as { clientId: string }).clientId).toBe(firstTry);
  });

  it('marks the lines the server no longer knows', async () => {
    api.reset(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'bad',
        fields: [{ path: 'items.1.id', code: 'validation.invalid_value' }],
      },
    }));
    const { dialog } = await openCart([bearing, belt]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const lines = await within(dialog).findAllByRole('listitem');
    expect(
      await within(lines[1]!).findByText(
        'This part is no longer in the catalogue — remove it from the cart.',
      ),
    ).toBeInTheDocument();
    expect(within(lines[0]!).queryByText(/no longer in the catalogue/)).toBeNull();
  });

  it('takes optional files for parts sales and leaves out those the server would refuse', async () => {
    const { dialog } = await openCart([bearing]);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [
      new File([new Uint8Array(2_000)], 'plate.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(10)], 'setup.exe', { type: 'application/x-msdownload' }),
    ]);
    expect(
      await within(dialog).findByText('Left out “setup.exe” — we do not accept this file type.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('plate.jpg')).toBeInTheDocument();
    expect(within(dialog).queryByText('setup.exe')).toBeNull();
  });

  it('sends the files with the cart as multipart, and says which rule a refused file broke', async () => {
    // The upload goes through XMLHttpRequest: its CORS preflight (OPTIONS) is let through.
    api.reset((r) =>
      r.method === 'POST'
        ? { status: 413, body: { code: 'FILE_TOO_LARGE', message: 'too large' } }
        : { status: 204 },
    );
    const { dialog } = await openCart([bearing]);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array(2_000)], 'plate.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(
        'The offer request could not be sent. Your cart is unchanged — please try again. The file is too large. Check the size limit shown next to the upload field.',
      ),
    ).toBeInTheDocument();
    const sent = api.state.requests.find(
      (r) => r.method === 'POST' && r.path === '/api/offer-requests/new-request',
    );
    expect(sent).toBeDefined();
    expect(String(sent!.body)).toContain('name="payload"');
    expect(String(sent!.body)).toContain('filename="plate.jpg"');
    expect(useCartStore.getState().items).toEqual([bearing]);
  });
});
