import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { SearchField } from './search-field.tsx';

describe('search field', () => {
  it('keeps the 3-character rule as a hint and searches only from 3 characters', async () => {
    const onSearch = vi.fn();
    await renderWithProviders(<SearchField label="Search parts" onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search parts' });
    expect(input).toHaveAccessibleDescription('Search starts at 3 characters.');

    await userEvent.type(input, 'be{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Type a few more characters – search starts at 3 characters.');

    await userEvent.type(input, 'a{Enter}');
    expect(onSearch).toHaveBeenCalledWith('bea');
  });
});
