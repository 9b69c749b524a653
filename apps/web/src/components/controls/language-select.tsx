import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage } from '@care/contract/locales';
import { Box, Button, Menu, VisuallyHidden, type ButtonProps, type MantineBreakpoint } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import classes from './language-select.module.css';

/**
 * The pl/en/de switch (SPEC §1). Each language is named in itself; i18next's detector remembers the choice
 * (localStorage and cookie), and a `?lng=` in the address is dropped so it cannot override the choice on reload.
 */
export function LanguageSelect({
  variant = 'default',
  nameFrom = 'xs',
}: {
  variant?: ButtonProps['variant'];
  /**
   * Below this width the button shows the language's code ("DE"), from it the name: a phone, a tight header.
   * `never`: always the code (the signed-in header, whose row has no room for "Deutsch" beside German labels).
   */
  nameFrom?: MantineBreakpoint | 'never';
}) {
  const { t, i18n } = useTranslation('common');
  const [searchParams, setSearchParams] = useSearchParams();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
  const currentName = t(`language.names.${current}`);

  const change = (language: string) => {
    void i18n.changeLanguage(language);
    if (searchParams.has('lng')) {
      const next = new URLSearchParams(searchParams);
      next.delete('lng');
      setSearchParams(next, { replace: true });
    }
  };

  return (
    // Not in a portal: the open list stays inside the header's landmark.
    <Menu
      position="bottom-end"
      shadow="md"
      width={180}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button
          variant={variant}
          h={40}
          px="sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          classNames={{ section: classes.section }}
        >
          <VisuallyHidden>{t('language.label')}:</VisuallyHidden>{' '}
          {/* On a phone the header has room for the code only. */}
          {nameFrom === 'never' ? (
            <>
              <span aria-hidden>{current.toUpperCase()}</span>
              <VisuallyHidden lang={current}>{currentName}</VisuallyHidden>
            </>
          ) : (
            <>
              <Box component="span" lang={current} visibleFrom={nameFrom}>
                {currentName}
              </Box>
              <Box component="span" hiddenFrom={nameFrom}>
                {current.toUpperCase()}
              </Box>
            </>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => change(language)}
            aria-current={language === current ? 'true' : undefined}
            rightSection={language === current ? <IconCheck size={16} aria-hidden /> : null}
            fw={language === current ? 600 : undefined}
          >
            {t(`language.names.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
