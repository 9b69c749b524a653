import { Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '#app/components/controls/color-scheme-toggle.tsx';
import { LanguageSelect } from '#app/components/controls/language-select.tsx';
import { paths } from '#app/config/paths.ts';
import classes from './public-layout.module.css';

const CARD_WIDTH = { sm: 460, md: 560, lg: 840 } as const;

interface PublicLayoutProps {
  /** The brand's logo (features/brand); it links to sign-in. */
  logo: ReactNode;
  /** The brand's footer (features/brand); components cannot import features, so it comes in as a slot. */
  footer?: ReactNode;
  /** Width of the card: `sm` for short forms, `lg` for registration. */
  size?: keyof typeof CARD_WIDTH;
  children: ReactNode;
}

/** The frame of every public screen: logo, language and colour scheme on top, the content in a card, the footer. */
export function PublicLayout({ logo, footer, size = 'sm', children }: PublicLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <div className={classes.root}>
      <a href="#main" className={classes.skip}>
        {t('skip-to-content')}
      </a>
      <header className={classes.header}>
        <Container size="lg" px={{ base: 'sm', sm: 'md' }} className={classes.headerInner}>
          <Link to={paths.login} className={classes.logoLink}>
            {logo}
          </Link>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ColorSchemeToggle />
          </Group>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <div className={classes.band} aria-hidden="true" />
        <Paper
          className={classes.card}
          maw={CARD_WIDTH[size]}
          radius="lg"
          shadow="lg"
          p={{ base: 'md', xs: 'xl', sm: 40 }}
        >
          {children}
        </Paper>
      </main>
      {footer}
    </div>
  );
}
