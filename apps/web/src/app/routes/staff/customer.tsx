import { Grid, Paper, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconAddressBook, IconReceipt, IconShieldCheck, IconTool } from '@tabler/icons-react';
import { isOfferStaffRole } from '@care/contract/roles';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { customerQuery } from '#app/features/customers/api.ts';
import { AccountActions } from '#app/features/customers/components/account-actions.tsx';
import { CustomerAccount } from '#app/features/customers/components/customer-account.tsx';
import { CustomerContact } from '#app/features/customers/components/customer-contact.tsx';
import { CustomerOfferRequests } from '#app/features/customers/components/customer-offer-requests.tsx';
import { CustomerServiceRequests } from '#app/features/customers/components/customer-service-requests.tsx';
import { CustomerStatusBadge } from '#app/features/customers/components/customer-status-badge.tsx';
import { ShownCount } from '#app/features/customers/components/shown-count.tsx';
import { MachinesPanel } from '#app/features/customers/components/machines-panel.tsx';
import { queryClient } from '#app/lib/query-client.ts';

export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(customerQuery(params.customerId ?? ''));
  return null;
}

export function ErrorBoundary() {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      maw={640}
      mx="auto"
      my={{ base: 'md', sm: 'xl' }}
    >
      <ErrorPage titleKey="404-error" embedded />
    </Paper>
  );
}

/** /staff/customers/{id}: contact, consents, account, machines and requests; admins change account and machines. */
export function Component() {
  const { t } = useTranslation('customers');
  const id = useParams().customerId ?? '';
  const { data: customer } = useSuspenseQuery(customerQuery(id));
  const role = useAuthStore((state) => state.user?.role);
  const isAdmin = role === 'admin';
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;

  return (
    <>
      <PageHeader
        title={name}
        breadcrumbs={[{ label: t('list.title'), to: paths.staffCustomers }, { label: name }]}
        badge={<CustomerStatusBadge status={customer.status} />}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <SectionCard icon={IconAddressBook} title={t('sections.contact')}>
              <CustomerContact customer={customer} />
            </SectionCard>
            <SectionCard icon={IconShieldCheck} title={t('sections.account')}>
              <Stack gap="md">
                <CustomerAccount customer={customer} />
                {isAdmin ? (
                  <AccountActions customer={customer} auditTo={paths.staffCustomerAudit(customer.id)} />
                ) : null}
              </Stack>
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <MachinesPanel customer={customer} canChange={isAdmin} />
            <SectionCard icon={IconTool} title={t('requests.service-title')}>
              <CustomerServiceRequests
                requests={customer.serviceRequests}
                linkTo={(request) => paths.staffServiceRequest(request.id)}
              />
              <ShownCount shown={customer.serviceRequests.length} total={customer.serviceRequestCount} />
            </SectionCard>
            <SectionCard icon={IconReceipt} title={t('requests.offer-title')}>
              <CustomerOfferRequests
                offers={customer.offerRequests}
                linkTo={role && isOfferStaffRole(role) ? (offer) => paths.staffOfferRequest(offer.id) : null}
              />
              <ShownCount shown={customer.offerRequests.length} total={customer.offerRequestCount} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
