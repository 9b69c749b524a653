import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION } from '#app/config/storage-keys.ts';
import { brandKeys } from '#app/features/brand/api.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Register } from './register.tsx';
import { Component as RegisterB2C } from './register-b2c.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

let captchaRequired = false;

function answer({ path, body }: RecordedRequest) {
  if (path === '/auth/captcha') return { status: 200, body: { required: captchaRequired, parameters: {} } };
  if (path === '/auth/registration' || path === '/auth/registrationB2C') {
    const { machineNumber } = body as { machineNumber: string };
    if (machineNumber === 'AM-0000-000000') {
      return {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'x',
          fields: [
            { path: 'machineNumber', code: 'form.machine-number-unknown' },
            { path: 'password', code: 'form.password-too-common' },
          ],
        },
      };
    }
    return { status: 202 };
  }
  return { status: 404 };
}

beforeEach(() => {
  sessionStorage.clear();
  captchaRequired = false;
  api.reset(answer);
});

const options = (route: string) => ({
  route,
  path: route,
  routes: [{ path: '/', element: <p>sign-in screen</p> }],
  queryData: [[brandKeys.all, testBrand]] as [readonly unknown[], unknown][],
});

async function fill(label: RegExp, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

async function fillRegistration(machineNumber: string) {
  await fill(/First name/, 'Jan');
  await fill(/Last name/, 'Kowalski');
  await fill(/^E-mail/, 'jan@example.com');
  await fill(/Phone/, '600 100 200');
  await fill(/Machine number/, machineNumber);
  await fill(/^Password/, 'Zniwa-2026');
  await fill(/Repeat the password/, 'Zniwa-2026');
  await userEvent.click(screen.getByRole('checkbox', { name: /I accept the portal rules/ }));
}

const field = (label: RegExp) =>
  screen.getByLabelText(label).closest('.mantine-InputWrapper-root') as HTMLElement;

describe('registration', () => {
  it('sends the SPEC payload, says to confirm the e-mail, drops the draft and returns to sign-in', async () => {
    const { router } = await renderWithProviders(<Register />, options('/register'));
    await fillRegistration('AM-2025-004711');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/Registration completed successfully/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.state.requests.find((r) => r.path === '/auth/registration')!.body).toEqual({
      personFirstName: 'Jan',
      personLastName: 'Kowalski',
      email: 'jan@example.com',
      username: 'jan@example.com',
      phone: '600100200',
      peselOrNip: '',
      machineNumber: 'AM-2025-004711',
      password: 'Zniwa-2026',
      rulesAgreementChecked: true,
      marketingAgreementChecked: false,
      countryCode: '',
      zipCode: '',
      currencyCode: '',
      captchaResponse: '',
    });
    expect(sessionStorage.getItem(SESSION.registrationForm)).toBeNull();
  });

  it("shows the server's field errors on their fields until the field is changed", async () => {
    const { router } = await renderWithProviders(<Register />, options('/register'));
    await fillRegistration('AM-0000-000000');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/We cannot register this machine number/)).toBeInTheDocument();
    expect(
      within(field(/Machine number/)).getByText(/We cannot register this machine number/),
    ).toBeInTheDocument();
    expect(within(field(/^Password/)).getByText(/This password is too common/)).toBeInTheDocument();
    expect(
      screen.getByText('Some fields contain errors. Please correct them and try again.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');

    await fill(/Machine number/, '1');
    expect(screen.queryByText(/We cannot register this machine number/)).not.toBeInTheDocument();
    expect(screen.getByText(/This password is too common/)).toBeInTheDocument();
  });

  it('stops and asks to verify the captcha when the server requires one', async () => {
    captchaRequired = true;
    await renderWithProviders(<Register />, options('/register'));
    await fillRegistration('AM-2025-004711');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please confirm that you are not a robot.')).toBeInTheDocument();
    expect(api.state.requests.some((r) => r.path === '/auth/registration')).toBe(false);
  });
});

describe('B2C registration', () => {
  it('sends the e-mail as username and empty person fields', async () => {
    const { router } = await renderWithProviders(<RegisterB2C />, options('/registerB2C'));
    await fill(/^E-mail/, 'anna@example.com');
    await fill(/^Password/, 'Zniwa-2026');
    await fill(/Machine number/, 'AM-2025-004711');
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the portal rules/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Connect accounts' }));
    expect(await screen.findByText(/Registration completed successfully/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.state.requests.find((r) => r.path === '/auth/registrationB2C')!.body).toEqual({
      email: 'anna@example.com',
      username: 'anna@example.com',
      machineNumber: 'AM-2025-004711',
      password: 'Zniwa-2026',
      rulesAgreementChecked: true,
      marketingAgreementChecked: false,
      personFirstName: '',
      personLastName: '',
      phone: '',
      peselOrNip: '',
      captchaResponse: '',
    });
  });
});
