import type { OfferRequestItem } from '@care/contract/offers';
import { formatTranslations, translate } from '@care/contract/translations';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartDialog } from '#app/features/cart/cart-dialog-store.ts';
import { useCartStore } from '#app/features/cart/cart-store.ts';
import { notify } from '#app/lib/notify.ts';

/**
 * 'Request again': the lines of an earlier offer request go back into the cart with their amounts, and the cart
 * opens. A part already in the cart keeps its amount there (SPEC §8 'already in the shopping cart'); a part
 * removed from the catalogue since is skipped. One notice per outcome, naming the parts.
 */
export function useRequestAgain(): (items: readonly OfferRequestItem[]) => void {
  const { t, i18n } = useTranslation('cart');
  const openCart = useCartDialog((state) => state.open);
  return useCallback(
    (items) => {
      const added: string[] = [];
      const already: string[] = [];
      const removed: string[] = [];
      for (const item of items) {
        const name = translate(item.name, i18n.language) || item.symbol;
        if (item.partId === null) {
          removed.push(name);
          continue;
        }
        const isAdded = useCartStore.getState().add({
          id: item.partId,
          name: formatTranslations(item.name),
          symbol: item.symbol,
          images: item.images,
          amount: item.amount,
        });
        (isAdded ? added : already).push(name);
      }
      if (added.length > 0)
        notify('SUCCESS', {
          title: t('offers.again.added-title'),
          message: t('offers.again.added', { count: added.length, names: added.join(', ') }),
        });
      if (already.length > 0)
        notify('WARNING', {
          title: t('already-in-cart.title'),
          message: t('offers.again.already', { names: already.join(', ') }),
        });
      if (removed.length > 0)
        notify('WARNING', {
          title: t('offers.again.removed-title'),
          message: t('offers.again.removed', { names: removed.join(', ') }),
        });
      openCart();
    },
    [i18n.language, openCart, t],
  );
}
