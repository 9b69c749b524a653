import { beforeEach, describe, expect, it } from 'vitest';
import { selectCartCount, useCartStore, type CartItem } from './cart-store.ts';

const bearing: CartItem = { id: '11', name: 'Łożysko', symbol: 'BRG-6204', images: [], amount: 2 };
const belt: CartItem = {
  id: '12',
  name: 'Pasek klinowy',
  symbol: 'BLT-A42',
  images: ['/img/belt.jpg'],
  amount: 1,
};

function stored(): unknown {
  return JSON.parse(sessionStorage.getItem('cartState') ?? 'null');
}

describe('cart store', () => {
  beforeEach(() => {
    useCartStore.getState().clear();
    sessionStorage.clear();
  });

  it('keeps the cart in session storage under cartState', () => {
    useCartStore.getState().add(bearing);
    expect(stored()).toEqual({ state: { items: [bearing], note: '', clientId: null }, version: 0 });
    expect(localStorage.getItem('cartState')).toBeNull();
  });

  it('restores the cart from session storage', async () => {
    sessionStorage.setItem('cartState', JSON.stringify({ state: { items: [belt] }, version: 0 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toEqual([belt]);
  });

  it('ignores a stored cart that does not parse', async () => {
    useCartStore.getState().add(bearing);
    sessionStorage.setItem('cartState', JSON.stringify({ state: { items: [{ id: 1 }] }, version: 0 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toEqual([bearing]);
  });

  it('refuses a part that is already in the cart', () => {
    expect(useCartStore.getState().add(bearing)).toBe(true);
    expect(useCartStore.getState().add({ ...bearing, amount: 5 })).toBe(false);
    expect(useCartStore.getState().items).toEqual([bearing]);
  });

  it('lowers the amount only while above 1 and raises it without bound', () => {
    const { add, increment, decrement } = useCartStore.getState();
    add({ ...belt, amount: 2 });
    decrement(belt.id);
    decrement(belt.id);
    expect(useCartStore.getState().items[0]?.amount).toBe(1);
    for (let i = 0; i < 150; i += 1) increment(belt.id);
    expect(useCartStore.getState().items[0]?.amount).toBe(151);
  });

  it('removes one part and clears the whole cart', () => {
    const { add, remove, clear } = useCartStore.getState();
    add(bearing);
    add(belt);
    remove(bearing.id);
    expect(useCartStore.getState().items.map((i) => i.id)).toEqual([belt.id]);
    clear();
    expect(useCartStore.getState().items).toEqual([]);
    expect(stored()).toEqual({ state: { items: [], note: '', clientId: null }, version: 0 });
  });

  it('takes a typed amount only when it is a whole number of at least 1', () => {
    const { add, setAmount } = useCartStore.getState();
    add(bearing);
    expect(setAmount(bearing.id, 40)).toBe(true);
    for (const bad of [0, -3, 1.5, Number.NaN]) expect(setAmount(bearing.id, bad)).toBe(false);
    expect(useCartStore.getState().items[0]?.amount).toBe(40);
  });

  it('keeps the clientId of a send for its retry, and drops it when the cart or the note changes', () => {
    const { add, takeClientId, increment, setNote } = useCartStore.getState();
    add(bearing);
    const first = takeClientId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(useCartStore.getState().takeClientId()).toBe(first);
    expect(stored()).toMatchObject({ state: { clientId: first } });
    increment(bearing.id);
    const second = useCartStore.getState().takeClientId();
    expect(second).not.toBe(first);
    setNote('Proszę o termin');
    expect(useCartStore.getState().takeClientId()).not.toBe(second);
  });

  it('restores a cart stored before notes existed, with an empty note', async () => {
    sessionStorage.setItem('cartState', JSON.stringify({ state: { items: [belt] }, version: 0 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState()).toMatchObject({ items: [belt], note: '', clientId: null });
  });

  it('counts the different parts in the cart', () => {
    expect(selectCartCount({ items: [bearing, belt] })).toBe(2);
    expect(selectCartCount({ items: [] })).toBe(0);
  });
});
