import type { Language } from '@care/contract/locales';
import { describe, expect, it } from 'vitest';
import type { RenderedMail } from './layout.ts';
import { mailTemplates } from './templates.ts';

const LANGUAGES: readonly Language[] = ['pl', 'en', 'de'];
const link = { url: 'https://care.example/x', brand: 'AgroMech' };
const machine = { machineName: 'Kombajn Bizon', serialNumber: 'SN-1' };
const offer = {
  number: 'OR/2026/000001',
  items: [{ name: 'Łożysko', symbol: 'AM-6204', amount: 2 }],
  note: undefined,
  customer: { name: 'Jan Kowalski', email: 'jan@example.com', phone: null },
};

/**
 * Every message a person gets with a greeting, written to `name`. The notices to a department (parts sales, the
 * service inbox) open with the customer's details instead of a greeting and are not here.
 */
const GREETED: Record<string, (language: Language, name: string) => RenderedMail> = {
  confirmRegistration: (l, name) => mailTemplates.confirmRegistration(l, { ...link, name }),
  alreadyRegistered: (l, name) => mailTemplates.alreadyRegistered(l, { ...link, name }),
  resetPassword: (l, name) => mailTemplates.resetPassword(l, { ...link, name }),
  setPassword: (l, name) => mailTemplates.setPassword(l, { ...link, name }),
  ssoOnly: (l, name) => mailTemplates.ssoOnly(l, { ...link, name, provider: 'Entra ID' }),
  statusChanged: (l, name) =>
    mailTemplates.statusChanged(l, {
      ...link,
      name,
      code: 'SR/1',
      machine: 'Bizon',
      status: 'C',
      withdrawn: false,
    }),
  withdrawn: (l, name) =>
    mailTemplates.statusChanged(l, {
      ...link,
      name,
      code: 'SR/1',
      machine: 'Bizon',
      status: 'X',
      withdrawn: true,
    }),
  machineStatusChanged: (l, name) =>
    mailTemplates.machineStatusChanged(l, { ...link, ...machine, name, status: 'I' }),
  guaranteeEnding: (l, name) =>
    mailTemplates.guaranteeEnding(l, { ...link, ...machine, name, endDate: '2026-12-31', daysLeft: 30 }),
  offerRequestCopy: (l, name) => mailTemplates.offerRequestCopy(l, { ...link, ...offer, name }),
};

/** The greeting line as each language writes it: a comma after the salutation in Polish and German. */
const GREETING_LINE: Record<Language, { named: string; unnamed: string }> = {
  pl: { named: 'Dzień dobry, Anna,', unnamed: 'Dzień dobry,' },
  en: { named: 'Hello Anna,', unnamed: 'Hello,' },
  de: { named: 'Guten Tag, Anna,', unnamed: 'Guten Tag,' },
};

/** After the greeting line Polish and German go on in lower case, English with a capital. */
const CONTINUES: Record<Language, RegExp> = { pl: /^\p{Ll}/u, en: /^\p{Lu}/u, de: /^\p{Ll}/u };

describe('mail greetings', () => {
  for (const [template, write] of Object.entries(GREETED)) {
    for (const language of LANGUAGES) {
      it(`${template} (${language}) opens with a greeting line that ends with a comma`, () => {
        const [first, second] = write(language, 'Anna').text.split('\n\n');
        expect(first).toBe(GREETING_LINE[language].named);
        expect(second).toMatch(CONTINUES[language]);
        expect(write(language, '').text.split('\n\n')[0]).toBe(GREETING_LINE[language].unnamed);
        expect(write(language, 'Anna').html).toContain(`>${GREETING_LINE[language].named}</p>`);
      });
    }
  }
});
