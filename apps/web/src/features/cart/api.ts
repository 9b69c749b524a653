import { OfferRequestDetailsSchema, type OfferRequestDetails } from '@care/contract/offers';
import { useMutation } from '@tanstack/react-query';
import { request } from '#app/lib/api-client.ts';
import { useCartStore } from './cart-store.ts';

/**
 * POST api/parts/email (SPEC §7 "offer request: whole cart list"): the whole cart and the note. The clientId
 * survives a failed try of the same cart, so a retry after a lost answer files one offer request. Silent: the
 * dialog shows SPEC §8's 'send-offer-request-email-error-message' itself and leaves the cart as it was.
 */
export function useSendCart({ onSent }: { onSent?: (sent: OfferRequestDetails) => void } = {}) {
  return useMutation({
    mutationFn: () => {
      const { items, note, takeClientId } = useCartStore.getState();
      return request('api/parts/email', {
        method: 'POST',
        body: {
          items: items.map(({ id, name, symbol, images, amount }) => ({ id, name, symbol, images, amount })),
          note: note.trim() || undefined,
          clientId: takeClientId(),
        },
        schema: OfferRequestDetailsSchema,
        silent: true,
      });
    },
    onSuccess: (sent) => {
      useCartStore.getState().clear();
      onSent?.(sent);
    },
  });
}
