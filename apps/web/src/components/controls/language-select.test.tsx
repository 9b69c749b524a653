import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '#app/lib/i18n.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { LanguageSelect } from './language-select.tsx';

describe('language selector', () => {
  it('names each language in itself, switches the interface and drops ?lng from the address', async () => {
    const { router } = await renderWithProviders(<LanguageSelect />, { route: '/?lng=en' });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(screen.getByRole('menuitem', { name: 'Polski' })).toHaveAttribute('lang', 'pl');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Deutsch' }));
    expect(i18n.language).toBe('de');
    expect(await screen.findByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
