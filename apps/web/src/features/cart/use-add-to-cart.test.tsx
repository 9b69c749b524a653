import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { useCartStore } from './cart-store.ts';
import { useAddToCart, type CartPart } from './use-add-to-cart.ts';

const bearing: CartPart = {
  id: '11',
  name: '<translations default="pl"><pl>Łożysko kulkowe</pl><en>Ball bearing</en><de>Kugellager</de></translations>',
  symbol: 'BRG-6204',
  images: ['/img/bearing.jpg'],
};

function AddButton({ part, amount }: { part: CartPart; amount: number }) {
  const addToCart = useAddToCart();
  return (
    <button type="button" onClick={() => addToCart(part, amount)}>
      add
    </button>
  );
}

describe('useAddToCart', () => {
  beforeEach(() => {
    useCartStore.getState().clear();
    sessionStorage.clear();
    notifications.clean();
  });

  it('adds the part with its amount and says so with the translated name', async () => {
    await renderWithProviders(<AddButton part={bearing} amount={3} />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(useCartStore.getState().items).toEqual([{ ...bearing, amount: 3 }]);
    const notice = (await screen.findByText('Product added to the cart')).closest(
      '.mantine-Notification-root',
    );
    expect(notice).not.toBeNull();
    expect(within(notice as HTMLElement).getByText('Ball bearing — quantity: 3')).toBeInTheDocument();
  });

  it('uses the current language (pl)', async () => {
    await renderWithProviders(<AddButton part={bearing} amount={2} />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Dodano do koszyka')).toBeInTheDocument();
    expect(screen.getByText('Łożysko kulkowe — ilość: 2')).toBeInTheDocument();
  });

  it('keeps the amount already in the cart and says the part is there', async () => {
    let result: boolean[] = [];
    function Twice() {
      const addToCart = useAddToCart();
      return (
        <button type="button" onClick={() => (result = [addToCart(bearing, 1), addToCart(bearing, 5)])}>
          add twice
        </button>
      );
    }
    await renderWithProviders(<Twice />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'add twice' }));
    expect(result).toEqual([true, false]);
    expect(useCartStore.getState().items).toEqual([{ ...bearing, amount: 1 }]);
    expect(await screen.findByText('Already in the cart')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The selected product is already in the shopping cart: Ball bearing. Change its quantity in the cart.',
      ),
    ).toBeInTheDocument();
  });

  it('never adds an amount below 1', async () => {
    await renderWithProviders(<AddButton part={{ ...bearing, name: 'Pasek' }} amount={0} />, {
      language: 'en',
    });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(useCartStore.getState().items[0]?.amount).toBe(1);
    expect(await screen.findByText('Pasek — quantity: 1')).toBeInTheDocument();
  });
  it('shows one notice per part however often it is added: the last answer replaces the earlier ones', async () => {
    await renderWithProviders(<AddButton part={bearing} amount={1} />, { language: 'en' });
    const button = screen.getByRole('button', { name: 'add' });
    for (let click = 0; click < 7; click++) await userEvent.click(button);
    expect(await screen.findByText('Already in the cart')).toBeInTheDocument();
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
    expect(screen.queryByText('Product added to the cart')).not.toBeInTheDocument();
  });

  it('keeps one notice for each of two different parts', async () => {
    await renderWithProviders(
      <>
        <AddButton part={bearing} amount={1} />
        <AddButton part={{ ...bearing, id: '12', name: 'Pasek' }} amount={1} />
      </>,
      { language: 'en' },
    );
    const [first, second] = screen.getAllByRole('button', { name: 'add' });
    await userEvent.click(first!);
    await userEvent.click(second!);
    await userEvent.click(first!);
    await screen.findByText('Already in the cart');
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(2);
  });
});
