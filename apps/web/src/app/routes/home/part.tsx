import { formatTranslations, translate } from '@care/contract/translations';
import { Grid, Paper, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconListDetails, IconMapPin, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { catalogPaths, paths } from '#app/config/paths.ts';
import { partPathsQuery, partQuery } from '#app/features/catalog/api.ts';
import { OrderForm } from '#app/features/catalog/components/order-form.tsx';
import { PartDetails } from '#app/features/catalog/components/part-details.tsx';
import { PartPictures } from '#app/features/catalog/components/part-pictures.tsx';
import { PartPlaces } from '#app/features/catalog/components/part-places.tsx';
import { useAddToCart } from '#app/features/cart/use-add-to-cart.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { CatalogError } from '../catalog/catalog-error.tsx';
import { useContentLanguage } from '#app/features/catalog/use-content-language.ts';

export const loader = ({ params }: LoaderFunctionArgs) => {
  const id = params.partId ?? '';
  return Promise.all([
    queryClient.ensureQueryData(partQuery(id)),
    queryClient.ensureQueryData(partPathsQuery(id)),
  ]);
};

export const ErrorBoundary = CatalogError;

/**
 * SPEC §2 /home/parts/{partId}: one spare part with every SPEC §3 field, its pictures, every place in the
 * catalogue where it appears, and "add to cart" with an amount.
 */
export function Component() {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const { partId = '' } = useParams();
  const { data: part } = useSuspenseQuery(partQuery(partId));
  const { data: places } = useSuspenseQuery(partPathsQuery(partId));
  const addToCart = useAddToCart();
  const name = translate(part.name, language) || part.symbol;

  const add = (amount: number) =>
    addToCart(
      { id: part.id, name: formatTranslations(part.name), symbol: part.symbol, images: part.images },
      amount,
    );

  return (
    <>
      <PageHeader
        title={name}
        description={part.symbol}
        documentTitle={`${name} (${part.symbol})`}
        breadcrumbs={[{ label: t('root.title'), to: paths.catalog }, { label: name }]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <PartPictures images={part.images} name={name} />
            </Paper>
            <SectionCard icon={IconShoppingCart} title={t('part.order')}>
              <OrderForm name={name} onAdd={add} />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <SectionCard icon={IconListDetails} title={t('part.details')}>
              <PartDetails part={part} name={name} />
            </SectionCard>
            <SectionCard icon={IconMapPin} title={t('part.places.title')}>
              <PartPlaces places={places} catalog={catalogPaths(paths.catalog)} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
