import { useSuspenseQuery } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { mfaStatusQuery } from '#app/features/mfa/api.ts';
import { MfaSettings } from '#app/features/mfa/components/mfa-settings.tsx';
import { queryClient } from '#app/lib/query-client.ts';

export const loader = () => queryClient.ensureQueryData(mfaStatusQuery);

/** Staff settings (issue 15): a thin page of sections; each section's logic lives in its feature. */
export function Component() {
  const { t } = useTranslation('mfa');
  const { data: status } = useSuspenseQuery(mfaStatusQuery);
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <SectionCard icon={IconShieldLock} title={t('section.title')} description={t('section.description')}>
        <MfaSettings status={status} />
      </SectionCard>
    </>
  );
}
