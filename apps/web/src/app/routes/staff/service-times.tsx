import { useSuspenseQuery } from '@tanstack/react-query';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { serviceTimeTargetsQuery } from '#app/features/service-times/api.ts';
import { TargetsForm } from '#app/features/service-times/components/targets-form.tsx';
import { queryClient } from '#app/lib/query-client.ts';

export const loader = () => queryClient.ensureQueryData(serviceTimeTargetsQuery);

/** Admin: service times (issue 18) — per priority, the first-reply and completion targets the queue counts down. */
export function Component() {
  const { t } = useTranslation('service-times');
  const { data: targets } = useSuspenseQuery(serviceTimeTargetsQuery);
  return (
    <>
      <PageHeader title={t('title')} description={t('intro')} />
      <SectionCard icon={IconClockHour4} title={t('targets')} description={t('targets-description')}>
        <TargetsForm targets={targets} />
      </SectionCard>
    </>
  );
}
