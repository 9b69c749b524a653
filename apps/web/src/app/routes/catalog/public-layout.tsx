import { Button, Container, Group, Paper, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { ColorSchemeToggle } from '#app/components/controls/color-scheme-toggle.tsx';
import { LanguageSelect } from '#app/components/controls/language-select.tsx';
import { FRAME_COLUMN } from '#app/components/layout/frame-column.ts';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#app/components/layout/skip-link.tsx';
import { paths } from '#app/config/paths.ts';
import { Footer } from '#app/features/brand/components/footer.tsx';
import { Logo } from '#app/features/brand/components/logo.tsx';
import { useSignInToOrderPath } from './catalog-root.ts';
import classes from './public-layout.module.css';

/** SPEC §2 public catalogue: open without sign-in; ordering (the cart) needs an account, so the header offers it. */
export function Component() {
  const { t } = useTranslation('catalog');
  const signIn = useSignInToOrderPath();
  return (
    <div className={classes.root}>
      <SkipLink />
      <header className={classes.header}>
        <Container size="xl" px={{ base: 'sm', sm: 'lg' }} className={classes.headerInner}>
          <Link to={paths.publicCatalog} className={classes.home} aria-label={t('public.home-link')}>
            <Logo withTagline={false} />
          </Link>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ColorSchemeToggle />
            <Button
              component={Link}
              to={signIn}
              h={40}
              px="sm"
              visibleFrom="sm"
              leftSection={<IconLogin size={18} aria-hidden />}
            >
              {t('public.sign-in-to-order')}
            </Button>
          </Group>
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 'xl' }}>
          {/* On phones the header has no room for the sign-in button, so it leads the page instead. */}
          <Paper withBorder radius="md" p="md" mb="lg" hiddenFrom="sm">
            <Text size="sm" mb="sm">
              {t('public.sign-in-hint')}
            </Text>
            <Button
              component={Link}
              to={signIn}
              h={44}
              fullWidth
              leftSection={<IconLogin size={18} aria-hidden />}
            >
              {t('public.sign-in-to-order')}
            </Button>
          </Paper>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      <Footer column={FRAME_COLUMN} />
    </div>
  );
}
