import { useSuspenseQuery } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { securitySettingsQuery } from '#app/features/mfa/api.ts';
import { SecuritySettingsForm } from '#app/features/mfa/components/security-settings-form.tsx';
import { queryClient } from '#app/lib/query-client.ts';

export const loader = () => queryClient.ensureQueryData(securitySettingsQuery);

/** Admin: sign-in security (issue 15) — whether staff must have a second factor. */
export function Component() {
  const { t } = useTranslation('mfa');
  const { data: settings } = useSuspenseQuery(securitySettingsQuery);
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.intro')} />
      <SectionCard icon={IconShieldLock} title={t('admin.second-factor')}>
        <SecuritySettingsForm settings={settings} />
      </SectionCard>
    </>
  );
}
