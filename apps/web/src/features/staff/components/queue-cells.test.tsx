import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { formatWorkingTime } from '../due-time.ts';
import { Due, Guarantee, Tags } from './queue-cells.tsx';

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

  it('shows an overdue target with a minus and a warning sign, the whole sentence its accessible text', async () => {
    const { container } = await renderWithProviders(
      <Due due={{ target: 'reply', at: '2026-05-04T12:15:00.000Z', minutesLeft: -150, state: 'overdue' }} />,
    );
    expect(screen.getByText('−3 hr')).toHaveAttribute('aria-hidden');
    expect(container).toHaveTextContent('First reply overdue by 3 hr of working time');
  });

  it('shows the time left of completion, and a dash for a final request', async () => {
    const { container } = await renderWithProviders(
      <>
        <Due due={{ target: 'completion', at: '2026-05-08T12:00:00.000Z', minutesLeft: 1440, state: 'ok' }} />
        <Due due={null} />
      </>,
    );
    expect(screen.getByText('3 days')).toHaveAttribute('aria-hidden');
    expect(container).toHaveTextContent('Completion: 3 days of working time left');
    expect(container).toHaveTextContent('No due time (request finished)');
  });
});

describe('working time, short', () => {
  it.each([
    [0, '1 min'],
    [45, '45 min'],
    [-45, '45 min'],
    [60, '1 hr'],
    [479, '8 hr'],
    [480, '1 day'],
    [4800, '10 days'],
  ])('%i working minutes read "%s" in English', (minutes, text) => {
    expect(formatWorkingTime(minutes, 'en')).toBe(text);
  });

  it('uses the reader’s language', () => {
    expect(formatWorkingTime(180, 'pl')).toBe('3 godz.');
    expect(formatWorkingTime(960, 'de')).toBe('2 Tg.');
  });
});
