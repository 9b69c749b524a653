import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupTestI18n } from '#app/test/render.tsx';
import { ErrorPage } from './error-page.tsx';

function Boom(): never {
  throw new Error('boom');
}

afterEach(() => vi.restoreAllMocks());

describe('error page', () => {
  it('catches a route error and offers the way back to /home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(<></>, {
      routes: [{ path: '/broken', element: <Boom />, errorElement: <ErrorPage /> }],
      route: '/broken',
    });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/home');
  });

  it('shows the load error a route asks for, without a page frame of its own', async () => {
    await renderWithProviders(<ErrorPage titleKey="machine-load-error" embedded />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'The machine could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('still reads when the translations are missing', async () => {
    const i18n = await setupTestI18n('en');
    const bundle = i18n.getResourceBundle('en', 'errors');
    i18n.removeResourceBundle('en', 'errors');
    i18n.removeResourceBundle('pl', 'errors');
    try {
      await renderWithProviders(<ErrorPage embedded />);
      expect(screen.getByRole('heading', { level: 1, name: 'Wystąpił błąd' })).toBeInTheDocument();
    } finally {
      i18n.addResourceBundle('en', 'errors', bundle);
    }
  });
});
