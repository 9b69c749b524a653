import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SessionsSection } from '#app/features/sessions/components/sessions-section.tsx';

/** /staff/settings: a staff member's own settings, composed of the features' sections (issue 15). */
export function Component() {
  const { t } = useTranslation('layout');
  return (
    <>
      <PageHeader title={t('staff-settings.title')} description={t('staff-settings.description')} />
      <Stack gap="lg" maw={760}>
        <SessionsSection />
      </Stack>
    </>
  );
}
