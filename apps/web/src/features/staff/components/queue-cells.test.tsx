import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { Guarantee, Tags } from './queue-cells.tsx';

describe('the queue’s narrow cells', () => {
  it('shows an ending guarantee in two words, the whole sentence its accessible text', async () => {
    const { container } = await renderWithProviders(<Guarantee state="ending" />);
    expect(screen.getByText('≤ 30 days')).toHaveAttribute('aria-hidden');
    expect(container).toHaveTextContent('Ending within 30 days');
  });

  it('shows the first tag and "+N" for the rest, every tag in the title and for screen readers', async () => {
    const { container } = await renderWithProviders(
      <Tags tags={['hydraulika', 'gwarancja', 'pilne-części']} />,
    );
    expect(screen.getByText('hydraulika')).toBeVisible();
    expect(screen.getByText('+2')).toHaveAttribute('aria-hidden');
    expect(container).toHaveTextContent('gwarancja, pilne-części');
    expect(container.querySelector('[title]')).toHaveAttribute(
      'title',
      'hydraulika, gwarancja, pilne-części',
    );
  });
});
