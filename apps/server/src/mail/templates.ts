import type { Language } from '@care/contract/locales';
import { renderMail, type RenderedMail } from './layout.ts';

interface Link {
  name: string;
  url: string;
  brand: string;
}

const GREETING: Record<Language, string> = { pl: 'Dzień dobry', en: 'Hello', de: 'Guten Tag' };

/** "Hello Jan," — or just "Hello," when the account has no name yet (B2C registrations send none). */
function greeting(language: Language, name: string): string {
  return name.trim() ? `${GREETING[language]} ${name.trim()},` : `${GREETING[language]},`;
}

const FOOTER: Record<Language, (brand: string) => string> = {
  pl: (brand) =>
    `${brand} — portal klienta. Ta wiadomość została wysłana automatycznie, prosimy na nią nie odpowiadać.`,
  en: (brand) => `${brand} — customer portal. This message was sent automatically; please do not reply.`,
  de: (brand) =>
    `${brand} — Kundenportal. Diese Nachricht wurde automatisch versandt; bitte nicht antworten.`,
};

const CONFIRM: Record<Language, (l: Link) => { subject: string; paragraphs: string[]; label: string }> = {
  pl: ({ name, brand }) => ({
    subject: `Potwierdź rejestrację w portalu ${brand}`,
    paragraphs: [
      greeting('pl', name),
      'dziękujemy za rejestrację. Aby aktywować konto i powiązać z nim maszynę, potwierdź swój adres e-mail. Link jest ważny 72 godziny i działa jeden raz.',
      'Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
    ],
    label: 'Potwierdź adres e-mail',
  }),
  en: ({ name, brand }) => ({
    subject: `Confirm your registration at ${brand}`,
    paragraphs: [
      greeting('en', name),
      'thank you for registering. To activate your account and link your machine to it, please confirm your e-mail address. The link is valid for 72 hours and works once.',
      'If you did not create this account, please ignore this message.',
    ],
    label: 'Confirm e-mail address',
  }),
  de: ({ name, brand }) => ({
    subject: `Bestätigen Sie Ihre Registrierung bei ${brand}`,
    paragraphs: [
      greeting('de', name),
      'vielen Dank für Ihre Registrierung. Um Ihr Konto zu aktivieren und Ihre Maschine damit zu verknüpfen, bestätigen Sie bitte Ihre E-Mail-Adresse. Der Link ist 72 Stunden gültig und funktioniert einmal.',
      'Wenn Sie dieses Konto nicht angelegt haben, ignorieren Sie diese Nachricht bitte.',
    ],
    label: 'E-Mail-Adresse bestätigen',
  }),
};

const ALREADY_REGISTERED: Record<
  Language,
  (l: Link) => { subject: string; paragraphs: string[]; label: string }
> = {
  pl: ({ name, brand }) => ({
    subject: `Próba rejestracji w portalu ${brand}`,
    paragraphs: [
      greeting('pl', name),
      'ktoś (być może Ty) próbował założyć konto na ten adres e-mail, ale konto już istnieje. Możesz się zalogować lub ustawić nowe hasło.',
      'Jeśli to nie Ty, zignoruj tę wiadomość — Twoje konto jest bezpieczne.',
    ],
    label: 'Przejdź do logowania',
  }),
  en: ({ name, brand }) => ({
    subject: `Registration attempt at ${brand}`,
    paragraphs: [
      greeting('en', name),
      'someone (perhaps you) tried to create an account with this e-mail address, but an account already exists. You can sign in or set a new password.',
      'If this was not you, please ignore this message — your account is safe.',
    ],
    label: 'Go to sign-in',
  }),
  de: ({ name, brand }) => ({
    subject: `Registrierungsversuch bei ${brand}`,
    paragraphs: [
      greeting('de', name),
      'jemand (vielleicht Sie) hat versucht, mit dieser E-Mail-Adresse ein Konto anzulegen, es besteht aber bereits eines. Sie können sich anmelden oder ein neues Passwort festlegen.',
      'Wenn Sie das nicht waren, ignorieren Sie diese Nachricht bitte — Ihr Konto ist sicher.',
    ],
    label: 'Zur Anmeldung',
  }),
};

const RESET: Record<Language, (l: Link) => { subject: string; paragraphs: string[]; label: string }> = {
  pl: ({ name, brand }) => ({
    subject: `Ustaw nowe hasło w portalu ${brand}`,
    paragraphs: [
      greeting('pl', name),
      'otrzymaliśmy prośbę o ustawienie nowego hasła. Link jest ważny 1 godzinę i działa jeden raz. Po zmianie hasła wszystkie sesje zostaną zakończone.',
      'Jeśli to nie Ty prosiłeś o zmianę, zignoruj tę wiadomość — hasło pozostanie bez zmian.',
    ],
    label: 'Ustaw nowe hasło',
  }),
  en: ({ name, brand }) => ({
    subject: `Set a new password at ${brand}`,
    paragraphs: [
      greeting('en', name),
      'we received a request to set a new password. The link is valid for 1 hour and works once. After the change, all sessions will be signed out.',
      'If you did not ask for this, please ignore this message — your password stays unchanged.',
    ],
    label: 'Set a new password',
  }),
  de: ({ name, brand }) => ({
    subject: `Neues Passwort festlegen bei ${brand}`,
    paragraphs: [
      greeting('de', name),
      'wir haben eine Anfrage erhalten, ein neues Passwort festzulegen. Der Link ist 1 Stunde gültig und funktioniert einmal. Nach der Änderung werden alle Sitzungen abgemeldet.',
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht bitte — Ihr Passwort bleibt unverändert.',
    ],
    label: 'Neues Passwort festlegen',
  }),
};

function build(
  table: Record<Language, (l: Link) => { subject: string; paragraphs: string[]; label: string }>,
  language: Language,
  link: Link,
): RenderedMail {
  const { subject, paragraphs, label } = table[language](link);
  return renderMail({
    subject,
    paragraphs,
    action: { label, url: link.url },
    footer: FOOTER[language](link.brand),
  });
}

export const mailTemplates = {
  confirmRegistration: (language: Language, link: Link) => build(CONFIRM, language, link),
  alreadyRegistered: (language: Language, link: Link) => build(ALREADY_REGISTERED, language, link),
  resetPassword: (language: Language, link: Link) => build(RESET, language, link),
};
