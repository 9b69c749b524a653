import { LIMITS } from '@care/contract/limits';
import { parseTranslations, translate } from '@care/contract/translations';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { useCartStore } from './cart-store.ts';

/** A part as the catalogue shows it; `name` may be the ERP's XML-like translations string. */
export interface CartPart {
  id: string;
  name: string;
  symbol: string;
  images: string[];
}

/**
 * Adds a part to the cart and tells the user what happened (SPEC §8): 'product added to the cart' with the
 * name in the current language and the amount, or 'The selected product is already in the shopping cart'
 * (the cart keeps its amount). A part has one notice at a time. Returns whether the part was added.
 */
export function useAddToCart(): (part: CartPart, amount: number) => boolean {
  const { t, i18n } = useTranslation('cart');
  const add = useCartStore((state) => state.add);
  return useCallback(
    (part, amount) => {
      const name = translate(parseTranslations(part.name), i18n.language) || part.symbol;
      const quantity = Math.max(LIMITS.cartAmountMin, Math.trunc(amount) || LIMITS.cartAmountMin);
      const added = add({
        id: part.id,
        name: part.name,
        symbol: part.symbol,
        images: part.images,
        amount: quantity,
      });
      // One notice per part: clicking "add" again replaces it instead of stacking identical ones.
      const id = `cart-part-${part.id}`;
      if (added) {
        notify('SUCCESS', {
          id,
          title: t('added.title'),
          message: t('added.message', { name, amount: quantity }),
        });
      } else {
        notify('WARNING', {
          id,
          title: t('already-in-cart.title'),
          message: t('already-in-cart.message', { name }),
        });
      }
      return added;
    },
    [add, i18n.language, t],
  );
}
