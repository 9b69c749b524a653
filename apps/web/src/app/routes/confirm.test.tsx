import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandKeys } from '#app/features/brand/api.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Confirm } from './confirm.tsx';

afterEach(() => vi.unstubAllGlobals());

// What the server answers: the confirmation (the call parses it by its contract schema), or an error.
function answer(status: number) {
  const fetch = vi.fn(
    async () =>
      new Response(status === 200 ? '{"machineLinked":true}' : '{"code":"NOT_FOUND","message":"x"}', {
        status,
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const options = (id: string) => ({
  path: '/confirm/:id/:username',
  route: `/confirm/${id}/jan%40example.com`,
  routes: [{ path: '/', element: <p>sign-in screen</p> }],
  queryData: [[brandKeys.all, testBrand]] as [readonly unknown[], unknown][],
});

describe('registration confirmation', () => {
  it('sends the id and username from the link once and shows success', async () => {
    const fetch = answer(200);
    await renderWithProviders(<Confirm />, options('token-1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration confirmed' }),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/auth/registration/confirmation');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ id: 'token-1', username: 'jan@example.com' });
    expect(document.title).toBe('Registration confirmed · AgroMech Care');
  });

  it('shows the failure and its explanation for an unknown link, with the way back to sign-in', async () => {
    answer(404);
    const { router } = await renderWithProviders(<Confirm />, options('token-2'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration could not be confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The activation link is invalid or has expired/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign-in' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
