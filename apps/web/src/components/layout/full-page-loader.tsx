import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the authentication state is not finished (SPEC §2), before any frame is drawn. */
export function FullPageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Loader size="lg" aria-label={t('loading')} />
    </Center>
  );
}
