import type { Locator, Page } from '@playwright/test';
import { t, type Language } from './translations.ts';

/** The screen's one <h1>. */
export const heading = (page: Page): Locator => page.getByRole('heading', { level: 1 });

/** The language menu's button, named after the label and the current language ("Język: Polski"). */
export const languageButton = (page: Page, current: Language): Locator =>
  page.getByRole('button', {
    name: `${t('common:language.label', current)}: ${t(`common:language.names.${current}`, current)}`,
  });

/** Picks a language from the header's menu, as a person would. */
export async function chooseLanguage(page: Page, from: Language, to: Language): Promise<void> {
  await languageButton(page, from).click();
  await page.getByRole('menuitem', { name: t(`common:language.names.${to}`, from) }).click();
}

/** The light/dark switch, named after what it will do. */
export const colorSchemeToggle = (page: Page, to: 'light' | 'dark', language: Language = 'pl'): Locator =>
  page.getByRole('button', { name: t(`common:color-scheme.to-${to}`, language) });

/** A notification (SPEC §8) showing `text`. */
export const notice = (page: Page, text: string): Locator =>
  page.getByRole('alert').filter({ hasText: text });

/** A text or password field by its translated label. */
export const textbox = (page: Page, key: string, language: Language = 'pl'): Locator =>
  page.getByRole('textbox', { name: t(key, language), exact: true });
