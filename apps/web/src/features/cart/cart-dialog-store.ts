import { create } from 'zustand';

interface CartDialogState {
  opened: boolean;
  open: () => void;
  close: () => void;
}

/** Whether the cart dialog is open: the header opens it, and so does 'request again' on an offer request. */
export const useCartDialog = create<CartDialogState>()((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
}));
