import { LIMITS } from '@care/contract/limits';
import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION } from '#app/config/storage-keys.ts';

/**
 * SPEC §3 cart item: a part with its amount. `name` is the raw text from the catalogue, possibly the
 * ERP's XML-like translations string; the dialog translates it with `translate(parseTranslations(name))`.
 */
export const CartItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  images: z.array(z.string()),
  amount: z.number().int().min(LIMITS.cartAmountMin),
});
export type CartItem = z.infer<typeof CartItemSchema>;

const PersistedCartSchema = z.object({ items: z.array(CartItemSchema) });

interface CartState {
  items: CartItem[];
  /** Adds a part; false when it is already in the cart (SPEC §8 "already in the shopping cart"). */
  add: (item: CartItem) => boolean;
  /** Plus: no upper bound (SPEC §4). */
  increment: (id: string) => void;
  /** Minus: only while above the minimum of 1 (SPEC §4). */
  decrement: (id: string) => void;
  remove: (id: string) => void;
  clear: () => void;
}

function changeAmount(items: CartItem[], id: string, delta: number): CartItem[] {
  return items.map((item) =>
    item.id === id ? { ...item, amount: Math.max(LIMITS.cartAmountMin, item.amount + delta) } : item,
  );
}

/** The cart lives in session storage under `cartState` (SPEC §3, §9), so it ends with the browser tab. */
export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      add(item) {
        if (get().items.some((existing) => existing.id === item.id)) return false;
        set({ items: [...get().items, { ...item, amount: Math.max(LIMITS.cartAmountMin, item.amount) }] });
        return true;
      },
      increment: (id) => set({ items: changeAmount(get().items, id, 1) }),
      decrement: (id) => set({ items: changeAmount(get().items, id, -1) }),
      remove: (id) => set({ items: get().items.filter((item) => item.id !== id) }),
      clear: () => set({ items: [] }),
    }),
    {
      name: SESSION.cart,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ items }) => ({ items }),
      // Session storage can be edited by hand or left by an older version: a cart that does not parse is dropped.
      merge: (persisted, current) => {
        const parsed = PersistedCartSchema.safeParse(persisted);
        return parsed.success ? { ...current, items: parsed.data.items } : current;
      },
    },
  ),
);

/** The number of different parts in the cart, shown in parentheses on the header button (SPEC §2). */
export const selectCartCount = (state: Pick<CartState, 'items'>): number => state.items.length;

export function useCartCount(): number {
  return useCartStore(selectCartCount);
}
