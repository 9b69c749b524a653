import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to "<screen> · AgroMech Care"; never suspends, so error pages can use it too. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common', { useSuspense: false });
  const app = t('app.title', { defaultValue: 'AgroMech Care' });
  useDocumentTitle(title ? `${title} · ${app}` : app);
}
