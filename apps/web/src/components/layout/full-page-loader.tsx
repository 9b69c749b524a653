import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The spinner while the authentication state is not finished (SPEC §2), before any frame is drawn; `inline`
 * keeps the frame and fills only the content area (a screen still loading its code or translations).
 */
export function FullPageLoader({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Center h={inline ? '50vh' : '100dvh'} role="status" aria-live="polite">
      <Loader size="lg" aria-label={t('loading')} />
    </Center>
  );
}
