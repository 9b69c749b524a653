import { UPLOAD_FILE_FIELD } from '@care/contract/files';
import {
  OFFER_REQUEST_PAYLOAD_FIELD,
  type OfferRequestDetails,
  offerEndpoints,
  type SendOfferRequest,
} from '@care/contract/offers';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';
import { uploadTo } from '#app/lib/upload.ts';
import { useCartStore } from './cart-store.ts';

/** The cart as POST api/parts/email takes it, with the clientId of this send. */
function payload(): SendOfferRequest {
  const { items, note, takeClientId } = useCartStore.getState();
  return {
    items: items.map(({ id, name, symbol, images, amount }) => ({ id, name, symbol, images, amount })),
    note: note.trim() || undefined,
    clientId: takeClientId(),
  };
}

/**
 * POST api/parts/email (SPEC §7 "offer request: whole cart list"): the whole cart and the note; with files, the
 * same as multipart to api/offer-requests/new-request. The clientId survives a failed try of the same cart, so a
 * retry after a lost answer files one offer request. Silent: the dialog shows SPEC §8's
 * 'send-offer-request-email-error-message' itself and leaves the cart as it was.
 */
export function useSendCart({ onSent }: { onSent?: (sent: OfferRequestDetails) => void } = {}) {
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: readonly File[]; onProgress?: (share: number) => void }) => {
      if (files.length === 0) {
        return callApi(offerEndpoints.send, { body: payload() }, { silent: true });
      }
      const body = new FormData();
      body.append(OFFER_REQUEST_PAYLOAD_FIELD, JSON.stringify(payload()));
      for (const file of files) body.append(UPLOAD_FILE_FIELD, file, file.name);
      return uploadTo(offerEndpoints.sendWithFiles, undefined, body, {
        silent: true,
        onProgress: (loaded, total) => onProgress?.(total > 0 ? loaded / total : 0),
      });
    },
    onSuccess: (sent) => {
      useCartStore.getState().clear();
      onSent?.(sent);
    },
  });
}
