import type { CardPosition } from '@care/contract/catalog';
import { formatTranslations, translate } from '@care/contract/translations';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { paths } from '#app/config/paths.ts';
import { breadcrumbsQuery, cardQuery } from '#app/features/catalog/api.ts';
import { trailLinks } from '#app/features/catalog/catalog-trail.ts';
import { loadDrawingViewer } from '#app/features/catalog/components/card-drawing.tsx';
import { CardView, drawingSrc } from '#app/features/catalog/components/card-view.tsx';
import { useAddToCart } from '#app/features/cart/use-add-to-cart.ts';
import { queryClientContext } from '#app/lib/query-client.ts';
import { CatalogError } from './catalog-error.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { useCatalogPaths, useSignInToOrderPath } from './catalog-root.ts';
import { useContentLanguage } from '#app/features/catalog/use-content-language.ts';

export const loader = async ({ params, context }: LoaderFunctionArgs) => {
  const queryClient = context.get(queryClientContext);
  const id = params.catalogCardId ?? '';
  void loadDrawingViewer();
  const [card] = await Promise.all([
    queryClient.ensureQueryData(cardQuery(id)),
    queryClient.ensureQueryData(breadcrumbsQuery({ cardId: id })),
  ]);
  // The drawing starts downloading while the page renders (it is the page's largest picture).
  const src = drawingSrc(card.drawingUrl);
  if (src && typeof Image !== 'undefined') Object.assign(new Image(), { fetchPriority: 'high', src });
  return null;
};

/** Selecting a position changes only the address's `?pos=`: the card's data stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export const ErrorBoundary = CatalogError;

// Only signed-in customers order; the public card does not load the amount field.
const OrderForm = lazy(() =>
  import('#app/features/catalog/components/order-form.tsx').then((m) => ({ default: m.OrderForm })),
);

/**
 * SPEC §2 …/catalog-cards/{catalogCardId}: the exploded drawing beside its parts list. Signed in (the /home
 * catalogue needs the authority, so everyone who sees it may order), each row links to its part and goes to the cart.
 */
export function Component() {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const catalog = useCatalogPaths();
  const signedIn = catalog.root === paths.catalog;
  const signIn = useSignInToOrderPath();
  const { catalogCardId = '' } = useParams();
  const { data: card } = useSuspenseQuery(cardQuery(catalogCardId));
  const { data: trail } = useSuspenseQuery(breadcrumbsQuery({ cardId: catalogCardId }));
  const addToCart = useAddToCart();
  const name = translate(card.name, language) || t('levels.card');

  const addPosition = (position: CardPosition, amount: number) =>
    addToCart(
      {
        id: position.part.id,
        name: formatTranslations(position.part.name),
        symbol: position.part.symbol,
        images: position.part.images,
      },
      amount,
    );

  return (
    <CatalogPage
      title={name}
      description={t('card.description')}
      meta={t('card.meta', { name, positions: card.positions.length })}
      breadcrumbs={[{ label: t('root.title'), to: catalog.root }, ...trailLinks(trail, catalog, language)]}
    >
      <CardView
        key={card.id}
        card={card}
        listActions={
          signedIn ? undefined : (
            <Button
              component={Link}
              to={signIn}
              variant="light"
              size="sm"
              visibleFrom="sm"
              leftSection={<IconLogin size={16} aria-hidden />}
            >
              {t('order.sign-in')}
            </Button>
          )
        }
        partLink={signedIn ? paths.part : undefined}
        order={
          signedIn
            ? {
                label: t('parts.order'),
                render: (position, partName, layout) => (
                  // The placeholder keeps the row's height, so a row scrolled to stays where it was put.
                  <Suspense fallback={<div style={{ minHeight: layout === 'row' ? 36 : 60 }} />}>
                    <OrderForm
                      size={layout === 'row' ? 'row' : 'sm'}
                      name={partName}
                      onAdd={(amount) => addPosition(position, amount)}
                    />
                  </Suspense>
                ),
              }
            : undefined
        }
      />
    </CatalogPage>
  );
}
