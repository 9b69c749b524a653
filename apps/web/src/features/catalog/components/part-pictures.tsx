import { AspectRatio, Group, Image, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The part's pictures (the first large, the rest as a row of small ones), or without any a one-line note: a
 * part without a photo is common (parts made to a machine's design), so it takes no more room than a line.
 */
export function PartPictures({ images, name }: { images: readonly string[]; name: string }) {
  const { t } = useTranslation('catalog');
  const [first, ...rest] = images;
  if (!first)
    return (
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="gray" size={40} radius="md" aria-hidden>
          <IconPhotoOff size={22} stroke={1.5} />
        </ThemeIcon>
        <Text c="dimmed" fz="sm">
          {t('part.no-picture')}
        </Text>
      </Group>
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
