import { AspectRatio, Image, SimpleGrid } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';

/** The part's pictures (the first large, the rest as a row of small ones), or the placeholder without any. */
export function PartPictures({ images, name }: { images: readonly string[]; name: string }) {
  const { t } = useTranslation('catalog');
  const [first, ...rest] = images;
  if (!first)
    return (
      <AspectRatio ratio={16 / 9}>
        <EmptyState size="sm" icon={IconPhoto} title={t('part.no-picture')} />
      </AspectRatio>
    );
  const alt = (index: number) => t('part.picture', { index, name });
  return (
    <>
      <AspectRatio ratio={4 / 3}>
        <Image src={first} alt={alt(1)} fit="contain" radius="sm" />
      </AspectRatio>
      {rest.length > 0 ? (
        <SimpleGrid cols={4} spacing="xs" mt="xs">
          {rest.map((src, index) => (
            <AspectRatio key={src} ratio={1}>
              <Image src={src} alt={alt(index + 2)} fit="contain" radius="sm" loading="lazy" />
            </AspectRatio>
          ))}
        </SimpleGrid>
      ) : null}
    </>
  );
}
