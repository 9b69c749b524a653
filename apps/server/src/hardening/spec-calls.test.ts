import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAuthToken } from '#app/security/auth-tokens.ts';
import {
  cookieFor,
  insertMachine,
  insertUser,
  nextIp,
  PASSWORD,
  sessionCookieOf,
} from '#app/test/accounts.ts';
import { createTestApp, QUOTAS_OFF, type TestApp } from '#app/test/app.ts';
import { insertPart } from '#app/test/catalog.ts';
import { insertElements, insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

/**
 * Issue 16: every call of SPEC §7, sent as SPEC gives it — its payload's fields and nothing else, the JSON content
 * type on every call (bodiless ones too), the session cookie — is accepted. Where SPEC names no fields (a setting,
 * a password change) the contract's are used; what SPEC leaves out (remember-me at sign-in, a note with the cart)
 * is left out.
 */

interface World {
  t: TestApp;
  email: string;
  cookie: string;
  machineId: number;
  serviceRequestId: number;
  partId: number;
  settingId: string;
}

interface SpecCall {
  /** As SPEC §7 lists it. */
  call: string;
  status: number;
  /**
   * Who sends it: nobody signed in (the public auth calls), the shared customer, or a customer of its own (the
   * calls that change the account or end its session).
   */
  as: 'anonymous' | 'customer' | 'own customer';
  /** The request; `cookie` is its sender's session. */
  request: (world: World, cookie: string | undefined) => Promise<InjectOptions> | InjectOptions;
}

let serial = 0;
const unique = (prefix: string) => `${prefix}-${(serial += 1)}`;

/** A new customer, signed in: for the calls that change the account or end its session. */
async function ownCustomer(world: World): Promise<string> {
  const email = `${unique('wlasny')}@example.com`;
  await insertUser(world.t.database.db, { email });
  return cookieFor(world.t.app, email);
}

const CALLS: SpecCall[] = [
  {
    call: 'POST auth/login: username, password',
    status: 200,
    as: 'anonymous',
    request: ({ email }) => ({
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password: PASSWORD },
    }),
  },
  {
    call: 'POST auth/logout: no body',
    status: 204,
    as: 'own customer',
    request: () => ({ method: 'POST', url: '/auth/logout' }),
  },
  {
    call: 'POST auth/registration: the registration payload (SPEC §3)',
    status: 202,
    as: 'anonymous',
    request: async ({ t }) => {
      const machineNumber = unique('AM-SPEC').toUpperCase();
      await insertMachine(t.database.db, machineNumber);
      const email = `${unique('rejestracja')}@example.com`;
      return {
        method: 'POST',
        url: '/auth/registration',
        payload: {
          personFirstName: 'Jan',
          personLastName: 'Kowalski',
          email,
          phone: '600100200',
          peselOrNip: '',
          machineNumber,
          username: email,
          password: 'Zielone-pole-2026',
          countryCode: '',
          zipCode: '',
          currencyCode: '',
          captchaResponse: '',
          rulesAgreementChecked: true,
          marketingAgreementChecked: false,
        },
      };
    },
  },
  {
    call: 'POST auth/registrationB2C: the B2C link payload (SPEC §3)',
    status: 202,
    as: 'anonymous',
    request: async ({ t }) => {
      const machineNumber = unique('AM-B2C').toUpperCase();
      await insertMachine(t.database.db, machineNumber);
      const email = `${unique('sklep')}@example.com`;
      return {
        method: 'POST',
        url: '/auth/registrationB2C',
        payload: {
          username: email,
          email,
          password: 'Sklep-konto-2026',
          machineNumber,
          captchaResponse: '',
          rulesAgreementChecked: true,
          marketingAgreementChecked: true,
          personFirstName: '',
          personLastName: '',
          phone: '',
          peselOrNip: '',
        },
      };
    },
  },
  {
    call: 'POST auth/registration/confirmation: {id, username} from the route',
    status: 200,
    as: 'anonymous',
    request: async ({ t }) => {
      const username = `${unique('oczekuje')}@example.com`;
      const userId = await insertUser(t.database.db, { email: username, status: 'pending' });
      const id = await issueAuthToken(t.database.db, userId, 'confirm_registration');
      return { method: 'POST', url: '/auth/registration/confirmation', payload: { id, username } };
    },
  },
  {
    call: 'GET api/user/extended-details',
    status: 200,
    as: 'customer',
    request: () => ({ method: 'GET', url: '/api/user/extended-details' }),
  },
  {
    call: 'GET api/user/authorities',
    status: 200,
    as: 'customer',
    request: () => ({ method: 'GET', url: '/api/user/authorities' }),
  },
  {
    call: 'GET api/user/settings: broadValue the fixed product value (sign-in)',
    status: 200,
    as: 'customer',
    request: () => ({ method: 'GET', url: '/api/user/settings?broadValue=care-portal' }),
  },
  {
    call: 'GET api/user/settings: broadValue null (left out of the address)',
    status: 200,
    as: 'customer',
    request: () => ({ method: 'GET', url: '/api/user/settings' }),
  },
  {
    call: 'GET api/user/settings: broadValue null (written out)',
    status: 200,
    as: 'customer',
    request: () => ({ method: 'GET', url: '/api/user/settings?broadValue=null' }),
  },
  {
    call: 'POST api/user/settings: create a setting',
    status: 201,
    as: 'own customer',
    request: () => ({
      method: 'POST',
      url: '/api/user/settings',
      payload: { broadValue: null, key: 'notifications.guarantee-end', value: false },
    }),
  },
  {
    call: 'PUT api/user/settings/{id}: update',
    status: 200,
    as: 'customer',
    request: ({ settingId }) => ({
      method: 'PUT',
      url: `/api/user/settings/${settingId}`,
      payload: { value: true },
    }),
  },
  {
    call: 'DELETE api/user/settings/{id}: remove',
    status: 204,
    as: 'own customer',
    request: async (world, cookie) => {
      const created = await send(world, cookie, {
        method: 'POST',
        url: '/api/user/settings',
        payload: { broadValue: null, key: 'notifications.state-change', value: false },
      });
      return { method: 'DELETE', url: `/api/user/settings/${created.json().id}` };
    },
  },
  {
    call: 'PUT api/user/password: change password',
    status: 204,
    as: 'own customer',
    request: () => ({
      method: 'PUT',
      url: '/api/user/password',
      payload: { oldPassword: PASSWORD, newPassword: 'Nowe-Haslo-Zniwa-2026' },
    }),
  },
  {
    call: 'GET api/user/address',
    status: 200,
    as: 'customer',
    request: () => ({ method: 'GET', url: '/api/user/address' }),
  },
  {
    call: 'GET service by {id}',
    status: 200,
    as: 'customer',
    request: ({ serviceRequestId }) => ({ method: 'GET', url: `/api/service-requests/${serviceRequestId}` }),
  },
  {
    call: 'GET machine by {id}',
    status: 200,
    as: 'customer',
    request: ({ machineId }) => ({ method: 'GET', url: `/api/end-products/${machineId}` }),
  },
  {
    call: 'POST offer request: the whole cart list',
    status: 201,
    as: 'customer',
    request: ({ partId }) => ({
      method: 'POST',
      url: '/api/parts/email',
      payload: [
        {
          id: partId,
          name: '<translations default="pl"><pl>Łożysko</pl></translations>',
          symbol: 'LOZ-1',
          images: [],
          amount: 2,
        },
      ],
    }),
  },
];

/** SPEC §7: credentials (the cookie) and the JSON content type on every call. */
function send(world: World, cookie: string | undefined, options: InjectOptions) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(cookie ? { cookie } : {}),
  };
  return world.t.app.inject({ ...options, headers, remoteAddress: nextIp() });
}

describe('SPEC §7 calls, sent as SPEC gives them, are accepted (issue 16)', () => {
  const world = {} as World;

  beforeAll(async () => {
    world.t = await createTestApp(QUOTAS_OFF);
    const { db } = world.t.database;
    await insertElements(db);
    world.email = 'klient-spec@example.com';
    const userId = await insertUser(db, { email: world.email });
    world.cookie = sessionCookieOf(
      await world.t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: world.email, password: PASSWORD },
        remoteAddress: nextIp(),
      }),
    );
    world.machineId = await insertOwnedMachine(db, { serialNumber: 'AM-SPEC-1', ownerId: userId });
    world.serviceRequestId = await insertRequest(db, {
      code: 'SR/SPEC/1',
      customerId: userId,
      machineId: world.machineId,
    });
    world.partId = await insertPart(db, { externalId: 'LOZ-1' });
    const setting = await send(world, world.cookie, {
      method: 'POST',
      url: '/api/user/settings',
      payload: { broadValue: null, key: 'notifications.marketing', value: false },
    });
    expect(setting.statusCode, setting.body).toBe(201);
    world.settingId = setting.json().id;
  });
  afterAll(async () => {
    await world.t?.app.close();
  });

  for (const spec of CALLS) {
    it(`${spec.call} → ${spec.status}`, async () => {
      const cookie = {
        anonymous: undefined,
        customer: world.cookie,
        'own customer': await ownCustomer(world),
      }[spec.as];
      const options = await spec.request(world, cookie);
      const response = await send(world, cookie, options);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(spec.status);
    });
  }
});
