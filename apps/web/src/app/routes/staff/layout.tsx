import { isServiceStaffRole } from '@care/contract/staff';
import { isOfferStaffRole } from '@care/contract/offers';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconChartBar,
  IconFileInvoice,
  IconInbox,
  IconMessageBolt,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { AppHeader } from '#app/components/layout/app-header.tsx';
import { STAFF_FRAME_COLUMN, STAFF_FRAME_HEADER_COLUMN } from '#app/components/layout/frame-column.ts';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { MobileDrawer } from '#app/components/layout/mobile-drawer.tsx';
import type { NavItem } from '#app/components/layout/nav-links.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#app/components/layout/skip-link.tsx';
import { UserMenu } from '#app/components/layout/user-menu.tsx';
import { paths } from '#app/config/paths.ts';
import { useSignOut } from '#app/features/auth/api.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { Logo } from '#app/features/brand/components/logo.tsx';
import { chatKeys } from '#app/features/chat/api.ts';
import { usePortalEvents } from '#app/features/events/use-portal-events.ts';
import { unreadKeys } from '#app/features/service-requests/unread.ts';
import { offerRequestKeys } from '#app/features/offers/api.ts';
import { staffKeys, staffWaitingQuery } from '#app/features/staff/api.ts';
import { isStaffRole, staffHome } from './require-service-staff.ts';
import classes from './layout.module.css';

/**
 * The back office's frame (/staff): the signed-in header without the customer's items — the service queue for
 * service staff, the offer inbox for parts sales, both for admins. The route middleware already turned away
 * everyone else; this only follows a sign-out or a change of account. No footer: the customer's (videos, social
 * page, shop, the service's own contact) tells the staff nothing, and the request page uses the height.
 */
export function Component() {
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  if (status !== 'finished') return <LoadingState fullPage />;
  if (!user) return <Navigate to={paths.login} replace />;
  if (!isStaffRole(user.role)) return <Navigate to={paths.home} replace />;
  return <StaffFrame />;
}

function StaffFrame() {
  const { t } = useTranslation(['layout', 'admin', 'customers', 'staff-desk', 'staff']);
  const user = useAuthStore((state) => state.user);
  const [drawerOpened, drawer] = useDisclosure(false);
  const signOut = useSignOut();

  // One stream for the tab: what an event touches is fetched again through the ordinary endpoints.
  usePortalEvents({
    ready: () => [staffKeys.all, chatKeys.all, unreadKeys.all, offerRequestKeys.staff()],
    'chat-message': ({ serviceRequestId }) => [
      staffKeys.queues(),
      chatKeys.log(serviceRequestId),
      unreadKeys.all,
      staffKeys.waiting(),
    ],
    unread: () => [staffKeys.queues(), unreadKeys.all],
    'service-request-status': ({ serviceRequestId }) => [
      staffKeys.queues(),
      staffKeys.request(serviceRequestId),
    ],
    // A colleague took, handed over or released a request, set its priority or tags, or it started or stopped
    // waiting for the team (docs/decisions/062).
    'service-request-handling': ({ serviceRequestId }) => [
      staffKeys.queues(),
      staffKeys.request(serviceRequestId),
      staffKeys.waiting(),
    ],
    'offer-request-status': ({ offerRequestId }) => [
      offerRequestKeys.staffLists(),
      offerRequestKeys.staffDetail(offerRequestId),
    ],
  });

  // The requests waiting for the team's answer: shared by every service staff member, not per person.
  const isService = user ? isServiceStaffRole(user.role) : false;
  const waiting = useQuery({ ...staffWaitingQuery, enabled: isService }).data?.count ?? 0;
  const navItems: NavItem[] = [
    ...(isService
      ? [
          {
            to: paths.staff,
            // The queue's address is the root of /staff: it must not be current on the other staff screens, only
            // on its requests.
            end: true,
            currentBelow: '/staff/service-requests',
            label: t('nav.staff'),
            icon: IconInbox,
            badge: { count: waiting, label: t('staff-desk:badge', { count: waiting }) },
          },
          { to: paths.staffCustomers, label: t('customers:nav'), icon: IconUsers },
          { to: paths.staffInsight, label: t('nav.staff-insight'), icon: IconChartBar },
        ]
      : []),
    ...(user && isOfferStaffRole(user.role)
      ? [{ to: paths.staffOfferRequests, label: t('nav.staff-offers'), icon: IconFileInvoice }]
      : []),
    ...(user?.role === 'admin'
      ? [{ to: paths.staffAdmin, label: t('admin:nav.admin'), icon: IconSettings }]
      : []),
  ];
  // The service desk's own tools: in the user menu (the header's row is full at 1024 px) and in the phone's drawer.
  const deskLinks: NavItem[] = isService
    ? [{ to: paths.staffCannedReplies, label: t('staff:canned.title'), icon: IconMessageBolt }]
    : [];
  const handleSignOut = () => {
    drawer.close();
    signOut.mutate();
  };
  const firstName = user?.firstName ?? '';
  const lastName = user?.lastName ?? '';

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <SkipLink />
      <AppShell.Header>
        <AppHeader
          logo={<Logo withTagline={false} />}
          homeTo={user ? staffHome(user.role) : paths.staff}
          navItems={navItems}
          cart={null}
          userMenu={
            <UserMenu
              firstName={firstName}
              lastName={lastName}
              email={user?.email ?? ''}
              onSignOut={handleSignOut}
              links={deskLinks}
              settingsTo={paths.staffSettings}
            />
          }
          drawerOpened={drawerOpened}
          onToggleDrawer={drawer.toggle}
          column={STAFF_FRAME_HEADER_COLUMN}
        />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container {...STAFF_FRAME_COLUMN} py={{ base: 'lg', sm: 'xl' }}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
      <MobileDrawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={<Logo withTagline={false} />}
        navItems={[...navItems, ...deskLinks]}
        cart={null}
        userName={`${firstName} ${lastName}`.trim()}
        onSignOut={handleSignOut}
        settingsTo={paths.staffSettings}
      />
    </AppShell>
  );
}
