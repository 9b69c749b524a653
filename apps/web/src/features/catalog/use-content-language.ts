import { useTranslation } from 'react-i18next';

/**
 * The language to pick translated catalogue names in. i18next may detect a regional code ("de-DE") while
 * names are stored per language ("de"); the resolved language is the one the screen's texts are shown in.
 */
export function useContentLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language.split('-')[0] ?? i18n.language;
}
