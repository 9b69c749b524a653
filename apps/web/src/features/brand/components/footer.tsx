import {
  Anchor,
  Box,
  Container,
  type ContainerProps,
  Divider,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconBrandYoutube, IconMail, IconPhone, IconShoppingBag, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../api.ts';
import { countryName } from '../country-name.ts';
import { CopyValue, phoneHref } from './copy-value.tsx';
import { Logo } from './logo.tsx';
import classes from './footer.module.css';

function ExternalLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" className={classes.link}>
      {icon}
      <span>
        {children}
        <VisuallyHidden> {t('footer.new-tab')}</VisuallyHidden>
      </span>
    </Anchor>
  );
}

function ColumnSkeleton() {
  return (
    <Stack gap="xs">
      <Skeleton h={14} w="40%" />
      <Skeleton h={40} />
      <Skeleton h={40} />
    </Stack>
  );
}

/** The column of the public screens' header (components/layout/public-layout.tsx), which the footer lines up with. */
const PUBLIC_COLUMN = { size: 'lg', px: { base: 'sm', sm: 'md' } } as const satisfies ContainerProps;

/**
 * The site footer of SPEC §1: address, copyable service contact, videos, social page and shop. `column`: the
 * frame's column (its size and side padding), so the footer starts and ends where the header and the screen do.
 */
export function Footer({ column = PUBLIC_COLUMN }: { column?: Pick<ContainerProps, 'size' | 'px'> }) {
  const { t, i18n } = useTranslation('common');
  const { data: brand, isPending } = useBrand();
  const year = new Date().getFullYear();

  return (
    <Box component="footer" className={classes.footer}>
      <Container {...column} py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'xl', sm: 40 }}>
          <Stack gap="sm">
            <Logo withTagline={false} />
            <Text fz="sm" c="dimmed" maw={300}>
              {t('footer.about')}
            </Text>
            {isPending ? (
              <Skeleton h={48} w="70%" />
            ) : (
              brand && (
                <address className={classes.address}>
                  {brand.name}
                  <br />
                  {brand.address.street}
                  <br />
                  {brand.address.postalCode} {brand.address.city},{' '}
                  {countryName(brand.address.countryCode, i18n.resolvedLanguage ?? i18n.language)}
                </address>
              )
            )}
          </Stack>
          {isPending ? (
            <>
              <ColumnSkeleton />
              <ColumnSkeleton />
            </>
          ) : (
            brand && (
              <>
                <div>
                  <h2 className={classes.heading}>{t('footer.service')}</h2>
                  <Stack gap="sm">
                    <CopyValue
                      value={brand.servicePhone}
                      href={phoneHref(brand.servicePhone)}
                      caption={t('contact.phone')}
                      copyLabel={t('copy.copy-phone')}
                      icon={<IconPhone size={20} />}
                    />
                    <CopyValue
                      value={brand.serviceEmail}
                      href={`mailto:${brand.serviceEmail}`}
                      caption={t('contact.email')}
                      copyLabel={t('copy.copy-email')}
                      icon={<IconMail size={20} />}
                    />
                  </Stack>
                </div>
                <nav aria-label={t('footer.links')}>
                  <h2 className={classes.heading}>{t('footer.links')}</h2>
                  <Stack gap={0} align="flex-start">
                    <ExternalLink
                      href={brand.videoPlaylistUrl}
                      icon={<IconBrandYoutube size={20} aria-hidden />}
                    >
                      {t('footer.videos')}
                    </ExternalLink>
                    <ExternalLink href={brand.socialUrl} icon={<IconUsersGroup size={20} aria-hidden />}>
                      {t('footer.social')}
                    </ExternalLink>
                    <ExternalLink href={brand.shopUrl} icon={<IconShoppingBag size={20} aria-hidden />}>
                      {t('footer.shop')}
                    </ExternalLink>
                  </Stack>
                </nav>
              </>
            )
          )}
        </SimpleGrid>
        <Divider my="lg" />
        <Text fz="xs" c="dimmed">
          {t('footer.rights', { year, name: brand?.name ?? t('app.name') })}
        </Text>
      </Container>
    </Box>
  );
}
