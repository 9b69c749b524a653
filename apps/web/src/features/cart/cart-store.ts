import { LIMITS, OFFER_REQUEST_LIMITS } from '@care/contract/limits';
import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION } from '#app/config/storage-keys.ts';
import { newClientId } from '#app/lib/client-id.ts';

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

const PersistedCartSchema = z.object({
  items: z.array(CartItemSchema),
  note: z.string().max(OFFER_REQUEST_LIMITS.note).catch(''),
  clientId: z.uuid().nullable().catch(null),
});

interface CartState {
  items: CartItem[];
  /** The customer's note to parts sales, sent with the cart. */
  note: string;
  /**
   * The id of the send in progress (POST api/parts/email `clientId`): a retry of an unchanged cart reuses it, so
   * the server files one offer request however often the answer was lost; any change to the cart drops it.
   */
  clientId: string | null;
  /** Adds a part; false when it is already in the cart (SPEC §8 "already in the shopping cart"). */
  add: (item: CartItem) => boolean;
  /** Plus: no upper bound (SPEC §4). */
  increment: (id: string) => void;
  /** Minus: only while above the minimum of 1 (SPEC §4). */
  decrement: (id: string) => void;
  /** A typed amount; false (nothing changes) unless it is a whole number of at least 1 (SPEC §5). */
  setAmount: (id: string, amount: number) => boolean;
  remove: (id: string) => void;
  setNote: (note: string) => void;
  /** The clientId of this send: the one kept from a failed try of the same cart, else a new one. */
  takeClientId: () => string;
  clear: () => void;
}

function changeAmount(items: CartItem[], id: string, delta: number): CartItem[] {
  return items.map((item) => (item.id === id ? { ...item, amount: clampAmount(item.amount + delta) } : item));
}

export const isValidAmount = (amount: number) =>
  Number.isInteger(amount) && amount >= LIMITS.cartAmountMin && amount <= LIMITS.cartAmountMax;

const clampAmount = (amount: number) =>
  Math.min(LIMITS.cartAmountMax, Math.max(LIMITS.cartAmountMin, amount));

/** The cart lives in session storage under `cartState` (SPEC §3, §9), so it ends with the browser tab. */
export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      note: '',
      clientId: null,
      add(item) {
        if (get().items.some((existing) => existing.id === item.id)) return false;
        set({
          items: [...get().items, { ...item, amount: clampAmount(item.amount) }],
          clientId: null,
        });
        return true;
      },
      increment: (id) => set({ items: changeAmount(get().items, id, 1), clientId: null }),
      decrement: (id) => set({ items: changeAmount(get().items, id, -1), clientId: null }),
      setAmount(id, amount) {
        if (!isValidAmount(amount)) return false;
        const current = get().items.find((item) => item.id === id);
        if (current && current.amount !== amount)
          set({
            items: get().items.map((item) => (item.id === id ? { ...item, amount } : item)),
            clientId: null,
          });
        return true;
      },
      remove: (id) => set({ items: get().items.filter((item) => item.id !== id), clientId: null }),
      setNote: (note) => set({ note: note.slice(0, OFFER_REQUEST_LIMITS.note), clientId: null }),
      takeClientId() {
        const kept = get().clientId;
        if (kept) return kept;
        const clientId = newClientId();
        set({ clientId });
        return clientId;
      },
      clear: () => set({ items: [], note: '', clientId: null }),
    }),
    {
      name: SESSION.cart,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ items, note, clientId }) => ({ items, note, clientId }),
      // Session storage can be edited by hand or left by an older version: a cart that does not parse is dropped.
      merge: (persisted, current) => {
        const parsed = PersistedCartSchema.safeParse(persisted);
        return parsed.success ? { ...current, ...parsed.data } : current;
      },
    },
  ),
);

/** The number of different parts in the cart, shown in parentheses on the header button (SPEC §2). */
export const selectCartCount = (state: Pick<CartState, 'items'>): number => state.items.length;

export function useCartCount(): number {
  return useCartStore(selectCartCount);
}
