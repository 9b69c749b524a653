import { describe, expect, it } from 'vitest';
import { emailField, LoginRequestSchema, nameField, RegistrationFormSchema } from './auth.ts';

const registration = {
  personFirstName: 'Jan',
  personLastName: 'Kowalski',
  email: 'jan@example.com',
  phone: '600 100-200',
  peselOrNip: '123-456-32-18',
  machineNumber: 'AGM-1',
  password: 'secret1',
  confirmPassword: 'secret1',
  rulesAgreementChecked: true,
  marketingAgreementChecked: false,
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('auth forms', () => {
  it('turns a written phone number and NIP into digits', () => {
    const parsed = RegistrationFormSchema.parse(registration);
    expect(parsed.phone).toBe('600100200');
    expect(parsed.peselOrNip).toBe('1234563218');
  });

  it('names each broken registration rule with its validation key', () => {
    const result = RegistrationFormSchema.safeParse({
      ...registration,
      personFirstName: 'Jo',
      email: 'jan example.com',
      phone: '60010020',
      peselOrNip: '12a',
      machineNumber: ' ',
      confirmPassword: 'secret2',
      rulesAgreementChecked: false,
    });
    expect(messagesOf(result)).toEqual({
      personFirstName: 'form.min-length',
      email: 'form.wrong-email',
      phone: 'form.wrong-phone',
      peselOrNip: 'form.wrong-pesel-or-nip',
      machineNumber: 'form.wrong-machine-number',
      confirmPassword: 'form.passwords-not-same',
      rulesAgreementChecked: 'form.rules-required',
    });
  });

  it('rejects a sign-in password of 4 characters or fewer', () => {
    expect(
      messagesOf(LoginRequestSchema.safeParse({ username: 'jan', password: '1234', remember: false })),
    ).toEqual({
      password: 'form.wrong-password',
    });
    expect(
      LoginRequestSchema.safeParse({ username: 'jan', password: '12345', remember: false }).success,
    ).toBe(true);
    expect(
      messagesOf(LoginRequestSchema.safeParse({ username: ' ', password: '12345', remember: true })),
    ).toEqual({
      username: 'form.wrong-username',
    });
  });

  it('takes exactly one e-mail address (every form, the API and the CLI share the rule)', () => {
    for (const email of [
      'jan@example.com',
      ' Jan.Nowak+serwis@rolnik-example.com.pl ',
      "o'brien@example.ie",
    ]) {
      expect(emailField.safeParse(email).success, email).toBe(true);
    }
    for (const email of [
      'a@x.net,b@y.org',
      'a@x.net, b@y.org',
      'a@x.net;b@y.org',
      'Jan <a@x.net>',
      'a@x.net>,<b@y.org',
      'a@x',
      'a@@x.net',
      'a@x.net\nBcc: b@y.org',
    ]) {
      expect(
        emailField.safeParse(email).error?.issues.map((issue) => issue.message),
        email,
      ).toEqual(['form.wrong-email']);
    }
  });

  it('takes names of letters in words joined by a space, hyphen or apostrophe, at most 50 characters', () => {
    for (const name of ['Jan', 'Anna-Maria', 'O’Brien', "D'Angelo", 'van der Berg', 'Żaneta', 'Øyvind']) {
      expect(nameField.safeParse(name).success, name).toBe(true);
    }
    for (const name of [
      'http://evil.example',
      'evil.example',
      '<b>Jan</b>',
      'Jan\nKliknij',
      'Jan  Nowak',
      'Jan2',
    ]) {
      expect(nameField.safeParse(name).error?.issues[0]?.message, name).toBe('form.wrong-name');
    }
    expect(nameField.safeParse('Ł'.repeat(51)).error?.issues[0]?.message).toBe('form.max-length');
  });
});
