import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { RequestRating } from './request-rating.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
afterEach(() => notifications.clean());

const RATED = { score: 4, comment: 'Quick and thorough.', ratedAt: '2026-05-12T09:30:00.000Z' };

describe('confirm and rate on the request page (issue 18)', () => {
  it('asks for a score before sending, then sends the score and the comment once', async () => {
    api.reset(() => ({ status: 200, body: RATED }));
    const onRated = vi.fn();
    await renderWithProviders(
      <RequestRating request={{ id: '12', rating: null, canRate: true }} onRated={onRated} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and rate' }));
    expect(screen.getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(api.state.requests).toEqual([]);

    // By keyboard: the fourth star's radio, Space.
    screen.getByRole('radio', { name: '4 stars' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Quick and thorough.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and rate' }));
    await waitFor(() => expect(api.state.requests).toHaveLength(1));
    const [sent] = api.state.requests;
    expect(`${sent!.method} ${sent!.path}`).toBe('POST /api/service-requests/12/rating');
    expect(sent!.body).toEqual({ score: 4, comment: 'Quick and thorough.' });
    await waitFor(() => expect(onRated).toHaveBeenCalledOnce());
  });

  it('shows the rating instead of the form once rated, and nothing before F', async () => {
    const { unmount } = await renderWithProviders(
      <RequestRating request={{ id: '12', rating: RATED, canRate: false }} onRated={() => {}} />,
    );
    expect(screen.getByRole('img', { name: 'Rating: 4 of 5' })).toBeInTheDocument();
    expect(screen.getByText('Quick and thorough.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm and rate' })).not.toBeInTheDocument();
    unmount();
    await renderWithProviders(
      <RequestRating request={{ id: '12', rating: null, canRate: false }} onRated={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'Confirm and rate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
