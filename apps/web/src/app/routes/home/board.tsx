import { AUTHORITIES } from '@care/contract/limits';
import { Button, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowRight,
  IconBook,
  IconBuildingStore,
  IconExternalLink,
  IconMessages,
  IconPlayerPlay,
  IconTool,
  IconTractor,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { useAuthStore } from '#app/features/auth/auth-store.ts';
import { useHasAuthority } from '#app/features/auth/authorities.tsx';
import { useBrand } from '#app/features/brand/api.ts';

/** SPEC §2 main page: the landing after sign-in, a summary with a way into each part of the portal. */
export function Component() {
  const { t } = useTranslation('layout');
  const firstName = useAuthStore((state) => state.user?.firstName ?? '');
  const canViewCatalog = useHasAuthority(AUTHORITIES.viewCatalog);
  const brand = useBrand().data;

  return (
    <>
      <PageHeader
        title={firstName ? t('board.greeting', { name: firstName }) : t('board.title')}
        documentTitle={t('board.title')}
        description={t('board.intro')}
      />
      <Stack gap="xl">
        {/* The counts arrive with the machines, service-requests and chat issues; until then each tile says so. */}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <Tile icon={IconTractor} title={t('board.machines.title')} text={t('board.machines.empty')}>
            <InternalLink to={paths.machines} label={t('board.machines.link')} />
          </Tile>
          <Tile icon={IconTool} title={t('board.services.title')} text={t('board.services.empty')}>
            <InternalLink to={paths.services} label={t('board.services.link')} />
          </Tile>
          <Tile icon={IconMessages} title={t('board.messages.title')} text={t('board.messages.empty')}>
            <InternalLink to={paths.services} label={t('board.messages.link')} />
          </Tile>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <Tile icon={IconPlayerPlay} title={t('board.videos.title')} text={t('board.videos.text')}>
            {brand?.videoPlaylistUrl ? (
              <ExternalLink href={brand.videoPlaylistUrl} label={t('board.videos.link')} />
            ) : null}
          </Tile>
          <Tile icon={IconBuildingStore} title={t('board.shop.title')} text={t('board.shop.text')}>
            {brand?.shopUrl ? <ExternalLink href={brand.shopUrl} label={t('board.shop.link')} /> : null}
          </Tile>
          {canViewCatalog ? (
            <Tile icon={IconBook} title={t('board.catalog.title')} text={t('board.catalog.text')}>
              <InternalLink to={paths.catalog} label={t('board.catalog.link')} />
            </Tile>
          ) : null}
        </SimpleGrid>
      </Stack>
    </>
  );
}

function Tile({
  icon,
  title,
  text,
  children,
}: {
  icon: TablerIcon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <SectionCard icon={icon} title={title}>
      <Stack gap="md" align="flex-start">
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        {children}
      </Stack>
    </SectionCard>
  );
}

function InternalLink({ to, label }: { to: string; label: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      h={40}
      rightSection={<IconArrowRight size={16} aria-hidden />}
    >
      {label}
    </Button>
  );
}

function ExternalLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation('layout');
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      h={40}
      rightSection={<IconExternalLink size={16} aria-hidden />}
    >
      {label}
      <VisuallyHidden>{` (${t('opens-in-new-tab')})`}</VisuallyHidden>
    </Button>
  );
}
