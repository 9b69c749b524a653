import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { mfaStatusQuery } from '#app/features/mfa/api.ts';
import { MfaSettings } from '#app/features/mfa/components/mfa-settings.tsx';
import { SessionsSection } from '#app/features/sessions/components/sessions-section.tsx';
import { queryClient } from '#app/lib/query-client.ts';

export const loader = () => queryClient.ensureQueryData(mfaStatusQuery);

/** /staff/settings: a staff member's own settings (issue 15), a thin page of the features' sections. */
export function Component() {
  const { t } = useTranslation(['layout', 'mfa']);
  const { data: status } = useSuspenseQuery(mfaStatusQuery);
  return (
    <>
      <PageHeader
        title={t('layout:staff-settings.title')}
        description={t('layout:staff-settings.description')}
      />
      <Stack gap="lg" maw={760}>
        <SectionCard
          icon={IconShieldLock}
          title={t('mfa:section.title')}
          description={t('mfa:section.description')}
        >
          <MfaSettings status={status} />
        </SectionCard>
        <SessionsSection />
      </Stack>
    </>
  );
}
