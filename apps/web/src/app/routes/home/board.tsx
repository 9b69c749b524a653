import { AUTHORITIES } from '@care/contract/limits';
import { isFinalStatus } from '@care/contract/service-requests';
import { SERVICE_REQUEST_STATUSES } from '@care/contract/statuses';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconArrowRight,
  IconBook,
  IconBuildingStore,
  IconExternalLink,
  IconMessages,
  IconPlayerPlay,
  IconPlus,
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
import { useAuthStore } from '#app/lib/auth-store.ts';
import { useHasAuthority } from '#app/features/auth/authorities.tsx';
import { useBrand } from '#app/features/brand/api.ts';
import { machineListQuery } from '#app/features/machines/api.ts';
import { BoardMachines } from '#app/features/machines/components/board-machines.tsx';
import { serviceRequestListQuery } from '#app/features/service-requests/api.ts';
import { BoardOpenRequests, BoardUnread } from '#app/features/service-requests/components/board-requests.tsx';
import { unreadQuery } from '#app/features/service-requests/unread.ts';
import { queryClient } from '#app/lib/query-client.ts';

/** A few rows per tile: the board is a summary, each list is one click away. */
const BOARD_ROWS = 3;
const OPEN_STATUSES = SERVICE_REQUEST_STATUSES.filter((status) => !isFinalStatus(status));

const machinesQuery = machineListQuery({
  page: 1,
  pageSize: BOARD_ROWS,
  sort: 'purchaseDate',
  order: 'desc',
  q: undefined,
});
const openRequestsQuery = serviceRequestListQuery({
  page: 1,
  pageSize: BOARD_ROWS,
  sort: 'reportDate',
  order: 'desc',
  q: undefined,
  status: OPEN_STATUSES,
});

/** Starts the tiles' three small calls together; each tile shows its own placeholder or error. */
export function loader() {
  void queryClient.prefetchQuery(machinesQuery);
  void queryClient.prefetchQuery(openRequestsQuery);
  void queryClient.prefetchQuery(unreadQuery);
  return null;
}

/** SPEC §2 main page: the landing after sign-in, a summary with a way into each part of the portal. */
export function Component() {
  const { t } = useTranslation('layout');
  const firstName = useAuthStore((state) => state.user?.firstName ?? '');
  const canViewCatalog = useHasAuthority(AUTHORITIES.viewCatalog);
  const brand = useBrand().data;
  const machines = useQuery(machinesQuery);
  const openRequests = useQuery(openRequestsQuery);
  const unread = useQuery(unreadQuery);

  return (
    <>
      <PageHeader
        title={firstName ? t('board.greeting', { name: firstName }) : t('board.title')}
        documentTitle={t('board.title')}
        description={t('board.intro')}
      />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <Tile icon={IconTractor} title={t('board.machines.title')}>
            <Loaded query={machines}>{(page) => <BoardMachines page={page} />}</Loaded>
            <InternalLink to={paths.machines} label={t('board.machines.link')} />
          </Tile>
          <Tile icon={IconTool} title={t('board.services.title')}>
            <Loaded query={openRequests}>{(page) => <BoardOpenRequests page={page} />}</Loaded>
            <Group gap="sm">
              <InternalLink
                to={`${paths.services}?status=${OPEN_STATUSES.join(',')}`}
                label={t('board.services.link')}
              />
              <Button
                component={Link}
                to={paths.newService()}
                variant="subtle"
                h={40}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t('board.services.new')}
              </Button>
            </Group>
          </Tile>
          <Tile icon={IconMessages} title={t('board.messages.title')}>
            <Loaded query={unread}>{(data) => <BoardUnread unread={data} open={openRequests.data} />}</Loaded>
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
  text?: string;
  children: ReactNode;
}) {
  return (
    <SectionCard icon={icon} title={title}>
      <Stack gap="md" align="flex-start">
        {text ? (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        ) : null}
        {children}
      </Stack>
    </SectionCard>
  );
}

/** A tile's data: a placeholder while it loads, a short note if it failed, else the content. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('layout');
  if (query.data !== undefined) return children(query.data);
  if (query.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('board.load-error')}
      </Text>
    );
  return (
    <Stack gap={8} w="100%" aria-hidden>
      <Skeleton h={14} w="60%" />
      <Skeleton h={14} />
      <Skeleton h={14} w="80%" />
    </Stack>
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
