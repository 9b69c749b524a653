import { AUTHORITIES } from '@care/contract/limits';
import { isOfferStaffRole } from '@care/contract/offers';
import { isServiceStaffRole } from '@care/contract/staff';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IconBook,
  IconFileInvoice,
  IconInbox,
  IconLayoutDashboard,
  IconReceipt,
  IconTool,
  IconTractor,
} from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AppHeader } from '#app/components/layout/app-header.tsx';
import { FRAME_COLUMN } from '#app/components/layout/frame-column.ts';
import { CartButton } from '#app/components/layout/cart-button.tsx';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { MobileDrawer } from '#app/components/layout/mobile-drawer.tsx';
import type { NavItem } from '#app/components/layout/nav-links.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#app/components/layout/skip-link.tsx';
import { UserMenu } from '#app/components/layout/user-menu.tsx';
import { paths } from '#app/config/paths.ts';
import { saveReturnLocation, useAuthStore } from '#app/lib/auth-store.ts';
import { useHasAuthority } from '#app/features/auth/authorities.tsx';
import { useSignOut } from '#app/features/auth/api.ts';
import { Footer } from '#app/features/brand/components/footer.tsx';
import { Logo } from '#app/features/brand/components/logo.tsx';
import { useCartDialog } from '#app/features/cart/cart-dialog-store.ts';
import { CartDialog } from '#app/features/cart/components/cart-dialog.tsx';
import { useCartCount, useCartStore } from '#app/features/cart/cart-store.ts';
import { chatKeys } from '#app/features/chat/api.ts';
import { type EventInvalidations, usePortalEvents } from '#app/features/events/use-portal-events.ts';
import { machineKeys } from '#app/features/machines/api.ts';
import { offerRequestKeys } from '#app/features/offers/api.ts';
import { serviceRequestKeys } from '#app/features/service-requests/api.ts';
import { unreadKeys, unreadQuery } from '#app/features/service-requests/unread.ts';
import classes from './layout.module.css';

/** SPEC §2: everything under /home needs a finished, signed-in auth state. */
export function Component() {
  const status = useAuthStore((state) => state.status);
  const authenticated = useAuthStore((state) => state.authenticated);
  // Signing out (or a 401, which main.tsx handles) must not leave a return location behind; only a
  // visitor who arrives signed out at a /home address has one saved.
  const [wasSignedIn, setWasSignedIn] = useState(authenticated);
  if (authenticated && !wasSignedIn) setWasSignedIn(true);

  if (status !== 'finished') return <LoadingState fullPage />;
  if (!authenticated) return <RedirectToSignIn saveLocation={!wasSignedIn} />;
  return <AppFrame />;
}

function RedirectToSignIn({ saveLocation }: { saveLocation: boolean }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (saveLocation) saveReturnLocation(pathname + search);
  }, [saveLocation, pathname, search]);
  return <Navigate to={paths.login} replace />;
}

/**
 * What each server event makes stale (docs/decisions/017). Features do not know each other's keys; the layout,
 * which mounts the one stream of the tab, does. `ready` (every (re)connection) refetches all that events feed.
 */
const EVENT_INVALIDATIONS: EventInvalidations = {
  ready: () => [serviceRequestKeys.all, chatKeys.all, machineKeys.details(), offerRequestKeys.all],
  'chat-message': ({ serviceRequestId }) => [
    chatKeys.log(serviceRequestId),
    unreadKeys.all,
    serviceRequestKeys.lists(),
  ],
  unread: () => [unreadKeys.all, serviceRequestKeys.lists()],
  'service-request-status': ({ serviceRequestId }) => [
    serviceRequestKeys.detail(serviceRequestId),
    serviceRequestKeys.lists(),
    machineKeys.details(),
  ],
  'offer-request-status': ({ offerRequestId }) => [
    offerRequestKeys.lists(),
    offerRequestKeys.detail(offerRequestId),
  ],
};

function AppFrame() {
  const { t } = useTranslation(['layout', 'auth']);
  const user = useAuthStore((state) => state.user);
  const canViewCatalog = useHasAuthority(AUTHORITIES.viewCatalog);
  const cartCount = useCartCount();
  const [drawerOpened, drawer] = useDisclosure(false);
  const openCartDialog = useCartDialog((state) => state.open);
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  // One event stream per signed-in tab; it closes when this frame goes (sign-out).
  usePortalEvents(EVENT_INVALIDATIONS);
  // An event invalidates it (unreadKeys sit under the service requests' keys); refetched on focus too.
  const unread = useQuery(unreadQuery).data?.total ?? 0;

  const navItems: NavItem[] = [
    { to: paths.board, label: t('nav.board'), icon: IconLayoutDashboard },
    { to: paths.machines, label: t('nav.machines'), icon: IconTractor },
    {
      to: paths.services,
      label: t('nav.services'),
      icon: IconTool,
      badge: { count: unread, label: t('nav.unread', { count: unread }) },
    },
    ...(canViewCatalog ? [{ to: paths.catalog, label: t('nav.catalog'), icon: IconBook }] : []),
  ];
  // The header has no room for a fifth item (German): the offer requests sit in the account menu and the drawer,
  // and the cart dialog links to them.
  const offerLinks: NavItem[] = canViewCatalog
    ? [{ to: paths.offerRequests, label: t('nav.offer-requests'), icon: IconReceipt }]
    : [];
  // Staff reach their queue from the account menu (the header has no room for a fifth item) and the drawer.
  const staffLinks: NavItem[] = [
    ...(user && isServiceStaffRole(user.role)
      ? [{ to: paths.staff, label: t('nav.staff'), icon: IconInbox }]
      : []),
    ...(user && isOfferStaffRole(user.role)
      ? [{ to: paths.staffOfferRequests, label: t('nav.staff-offers'), icon: IconFileInvoice }]
      : []),
  ];

  const handleSignOut = () => {
    drawer.close();
    // The cart belongs to the cart feature; the auth feature's sign-out clears everything else.
    useCartStore.getState().clear();
    signOut.mutate();
  };

  const openCart = () => {
    drawer.close();
    openCartDialog();
  };
  const firstName = user?.firstName ?? '';
  const lastName = user?.lastName ?? '';

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <SkipLink />
      <AppShell.Header>
        <AppHeader
          logo={<Logo withTagline={false} />}
          homeTo={paths.board}
          navItems={navItems}
          cart={<CartButton count={cartCount} onClick={openCart} />}
          userMenu={
            <UserMenu
              firstName={firstName}
              lastName={lastName}
              email={user?.email ?? ''}
              onSignOut={handleSignOut}
              links={[...offerLinks, ...staffLinks]}
            />
          }
          drawerOpened={drawerOpened}
          onToggleDrawer={drawer.toggle}
        />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container {...FRAME_COLUMN} py={{ base: 'lg', sm: 'xl' }}>
          {/* A screen loading its translations keeps the header and footer in place. */}
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
      <Footer column={FRAME_COLUMN} />
      <MobileDrawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={<Logo withTagline={false} />}
        navItems={[...navItems, ...offerLinks, ...staffLinks]}
        cart={<CartButton count={cartCount} onClick={openCart} withLabel />}
        userName={`${firstName} ${lastName}`.trim()}
        onSignOut={handleSignOut}
      />
      <CartDialog onSent={() => void queryClient.invalidateQueries({ queryKey: offerRequestKeys.lists() })} />
    </AppShell>
  );
}
