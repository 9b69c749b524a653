import { NAME_PATTERN } from '@care/contract/auth';
import { LIMITS } from '@care/contract/limits';
import type { Language } from '@care/contract/locales';
import { isFinalStatus } from '@care/contract/service-requests';
import type { MachineStatus, ServiceRequestStatus } from '@care/contract/statuses';
import { renderMail, type RenderedMail } from './layout.ts';

interface Link {
  name: string;
  url: string;
  brand: string;
}

/**
 * The salutation and how a name follows it: Polish and German set the name off with a comma ("Dzień dobry, Jan,",
 * "Guten Tag, Hans,"), English letters do not ("Hello Emma,"). After the greeting line Polish and German go on in
 * lower case, English with a capital.
 */
const GREETING: Record<Language, { salutation: string; beforeName: string }> = {
  pl: { salutation: 'Dzień dobry', beforeName: ', ' },
  en: { salutation: 'Hello', beforeName: ' ' },
  de: { salutation: 'Guten Tag', beforeName: ', ' },
};

/**
 * "Guten Tag, Hans," — or just "Guten Tag," when the account has no name yet (B2C registrations send none) or the stored
 * name is not a plain name (older rows, other writers): whoever registers chooses the name, so a greeting carries
 * only what the name rule allows (letters, no links, no markup, no line breaks, at most 50 characters).
 */
export function greeting(language: Language, name: string): string {
  const plain = name.trim();
  const { salutation, beforeName } = GREETING[language];
  return plain.length <= LIMITS.nameMaxLength && NAME_PATTERN.test(plain)
    ? `${salutation}${beforeName}${plain},`
    : `${salutation},`;
}

const FOOTER: Record<Language, (brand: string) => string> = {
  pl: (brand) =>
    `${brand} — portal klienta. Ta wiadomość została wysłana automatycznie, prosimy na nią nie odpowiadać.`,
  en: (brand) => `${brand} — customer portal. This message was sent automatically; please do not reply.`,
  de: (brand) =>
    `${brand} — Kundenportal. Diese Nachricht wurde automatisch versandt; bitte nicht antworten.`,
};

/**
 * The footer of the notices to a department (parts sales, the service inbox): their Reply-To is the customer, so
 * the footer says where an answer goes instead of "do not reply". Polish, the departments' language.
 */
export const replyReachesCustomer = (brand: string, customerEmail: string) =>
  `${brand} — portal klienta, wiadomość automatyczna. Odpowiedź na tę wiadomość trafi bezpośrednio do klienta (${customerEmail}).`;

const CONFIRM: Record<Language, (l: Link) => { subject: string; paragraphs: string[]; label: string }> = {
  pl: ({ name, brand }) => ({
    subject: `Potwierdź rejestrację w portalu ${brand}`,
    paragraphs: [
      greeting('pl', name),
      'dziękujemy za rejestrację. Aby aktywować konto i powiązać z nim maszynę, potwierdź swój adres e-mail. Link jest ważny 72 godziny i działa jeden raz.',
      'Jeśli rejestrowałeś się kilka razy, link z każdej wiadomości aktywuje dane i hasło podane przy tamtej rejestracji.',
      'Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
    ],
    label: 'Potwierdź adres e-mail',
  }),
  en: ({ name, brand }) => ({
    subject: `Confirm your registration at ${brand}`,
    paragraphs: [
      greeting('en', name),
      'Thank you for registering. To activate your account and link your machine to it, please confirm your e-mail address. The link is valid for 72 hours and works once.',
      'If you registered more than once, the link in each message activates the details and password entered with that registration.',
      'If you did not create this account, please ignore this message.',
    ],
    label: 'Confirm e-mail address',
  }),
  de: ({ name, brand }) => ({
    subject: `Bestätigen Sie Ihre Registrierung bei ${brand}`,
    paragraphs: [
      greeting('de', name),
      'vielen Dank für Ihre Registrierung. Um Ihr Konto zu aktivieren und Ihre Maschine damit zu verknüpfen, bestätigen Sie bitte Ihre E-Mail-Adresse. Der Link ist 72 Stunden gültig und funktioniert einmal.',
      'Wenn Sie sich mehrmals registriert haben, aktiviert der Link jeder Nachricht die Angaben und das Passwort der jeweiligen Registrierung.',
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
      'Someone (perhaps you) tried to create an account with this e-mail address, but an account already exists. You can sign in or set a new password.',
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
      'We received a request to set a new password. The link is valid for 1 hour and works once. After the change, all sessions will be signed out.',
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

/** A staff account an admin created (issue 15): the first password, through a link valid 24 hours. */
const SET_PASSWORD: Record<Language, (l: Link) => { subject: string; paragraphs: string[]; label: string }> =
  {
    pl: ({ name, brand }) => ({
      subject: `Twoje konto pracownika w portalu ${brand}`,
      paragraphs: [
        greeting('pl', name),
        `administrator założył Ci konto pracownika w portalu ${brand}. Ustaw hasło, aby się zalogować. Link jest ważny 24 godziny i działa jeden raz; jeśli wygaśnie, poproś administratora o nowy.`,
      ],
      label: 'Ustaw hasło',
    }),
    en: ({ name, brand }) => ({
      subject: `Your staff account at ${brand}`,
      paragraphs: [
        greeting('en', name),
        `An administrator has created a staff account for you at ${brand}. Set a password to sign in. The link is valid for 24 hours and works once; if it expires, ask the administrator for a new one.`,
      ],
      label: 'Set your password',
    }),
    de: ({ name, brand }) => ({
      subject: `Ihr Mitarbeiterkonto bei ${brand}`,
      paragraphs: [
        greeting('de', name),
        `ein Administrator hat für Sie ein Mitarbeiterkonto bei ${brand} angelegt. Legen Sie ein Passwort fest, um sich anzumelden. Der Link ist 24 Stunden gültig und funktioniert einmal; wenn er abläuft, bitten Sie den Administrator um einen neuen.`,
      ],
      label: 'Passwort festlegen',
    }),
  };

/**
 * A staff member asked for a password reset while staff sign in only through the identity provider (issue 15,
 * STAFF_PASSWORD_SIGN_IN=false): there is no password to reset, and the link is the sign-in page.
 */
const SSO_ONLY: Record<
  Language,
  (l: Link & { provider: string }) => { subject: string; paragraphs: string[]; label: string }
> = {
  pl: ({ name, brand, provider }) => ({
    subject: `Logowanie do portalu ${brand}`,
    paragraphs: [
      greeting('pl', name),
      `otrzymaliśmy prośbę o ustawienie nowego hasła. Pracownicy logują się do portalu ${brand} przez ${provider}, więc w portalu nie ma hasła do zmiany. Na stronie logowania wybierz „Pracownicy: zaloguj się przez ${provider}”; hasło zmienisz tam, gdzie zarządza nim Twój dział IT.`,
      'Jeśli to nie Ty prosiłeś o zmianę, zignoruj tę wiadomość.',
    ],
    label: 'Przejdź do logowania',
  }),
  en: ({ name, brand, provider }) => ({
    subject: `Signing in to ${brand}`,
    paragraphs: [
      greeting('en', name),
      `We received a request to set a new password. Staff sign in to ${brand} through ${provider}, so the portal has no password of yours to change. On the sign-in page choose "Staff: sign in with ${provider}"; your password is changed where your IT department manages it.`,
      'If you did not ask for this, please ignore this message.',
    ],
    label: 'Go to sign-in',
  }),
  de: ({ name, brand, provider }) => ({
    subject: `Anmeldung bei ${brand}`,
    paragraphs: [
      greeting('de', name),
      `wir haben eine Anfrage erhalten, ein neues Passwort festzulegen. Mitarbeiter melden sich bei ${brand} über ${provider} an, daher gibt es im Portal kein Passwort zu ändern. Wählen Sie auf der Anmeldeseite „Mitarbeitende: mit ${provider} anmelden“; Ihr Passwort ändern Sie dort, wo Ihre IT-Abteilung es verwaltet.`,
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht bitte.',
    ],
    label: 'Zur Anmeldung',
  }),
};

function build<L extends Link>(
  table: Record<Language, (l: L) => { subject: string; paragraphs: string[]; label: string }>,
  language: Language,
  link: L,
): RenderedMail {
  const { subject, paragraphs, label } = table[language](link);
  return renderMail({
    subject,
    paragraphs,
    action: { label, url: link.url },
    footer: FOOTER[language](link.brand),
  });
}

/** SPEC §4 status labels, as the web shows them (apps/web/public/locales/lang/services/*.json `status`). */
export const STATUS_LABELS: Record<Language, Record<ServiceRequestStatus, string>> = {
  pl: {
    N: 'Oczekujące',
    C: 'W rozpatrywaniu',
    R: 'Reklamacja uznana',
    P: 'W przygotowaniu (do realizacji)',
    O: 'Do realizacji',
    A: 'W realizacji',
    F: 'Zrealizowane',
    X: 'Odrzucone',
    U: 'Reklamacja nieuznana',
  },
  en: {
    N: 'Pending',
    C: 'Under consideration',
    R: 'Claim recognized',
    P: 'Being prepared (to be implemented)',
    O: 'To be implemented',
    A: 'In execution',
    F: 'Executed',
    X: 'Rejected',
    U: 'Claim not recognized',
  },
  de: {
    N: 'Ausstehend',
    C: 'In Prüfung',
    R: 'Reklamation anerkannt',
    P: 'In Vorbereitung (zur Umsetzung)',
    O: 'Zur Umsetzung',
    A: 'In Ausführung',
    F: 'Ausgeführt',
    X: 'Abgelehnt',
    U: 'Reklamation nicht anerkannt',
  },
};

const DATE_LOCALES: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', de: 'de-DE' };
/** One formatter per language, built on first use (building one costs far more than formatting). */
const LONG_DATES = new Map<Language, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD' as the reader writes dates: "12 listopada 2026", "12 November 2026", "12. November 2026". */
function longDate(language: Language, isoDate: string): string {
  let format = LONG_DATES.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' });
    LONG_DATES.set(language, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

export interface StatusChangeMail extends Link {
  code: string;
  machine: string;
  status: ServiceRequestStatus;
  /** The customer withdrew the request themselves (N → X): the message confirms it instead of announcing it. */
  withdrawn: boolean;
  /** Closed (→ X) as a duplicate of the request with this code (docs/decisions/064): the message points there. */
  duplicateOf?: string;
  /** 'YYYY-MM-DD': the current estimated completion date, stated while the request is open (issue 18). */
  estimatedDate?: string | null;
  /** 'YYYY-MM-DD': the completion date of a move to F. */
  completionDate?: string | null;
  /** The F e-mail's link to confirm and rate (docs/decisions/065): then the message's button. */
  ratingUrl?: string | null;
}

/** The lines about dates and the rating that follow a status message's first line (issue 18). */
const STATUS_EXTRAS: Record<
  Language,
  {
    estimate: (date: string) => string;
    completion: (date: string) => string;
    rating: (url: string) => string;
    rateLabel: string;
  }
> = {
  pl: {
    estimate: (date) => `Przewidywana data realizacji: ${date}.`,
    completion: (date) => `Data realizacji: ${date}.`,
    rating: (url) =>
      `Prosimy o potwierdzenie wykonania i ocenę obsługi (od 1 do 5 gwiazdek) przyciskiem poniżej — link jest ważny 30 dni i działa jeden raz; ocenę możesz też wystawić na stronie zgłoszenia: ${url}`,
    rateLabel: 'Potwierdź i oceń obsługę',
  },
  en: {
    estimate: (date) => `Estimated completion date: ${date}.`,
    completion: (date) => `Completion date: ${date}.`,
    rating: (url) =>
      `Please confirm the work and rate our service (1 to 5 stars) with the button below — the link is valid for 30 days and works once; you can also rate it on the request page: ${url}`,
    rateLabel: 'Confirm and rate the service',
  },
  de: {
    estimate: (date) => `Voraussichtlicher Abschluss: ${date}.`,
    completion: (date) => `Abschlussdatum: ${date}.`,
    rating: (url) =>
      `Bitte bestätigen Sie die Ausführung und bewerten Sie unseren Service (1 bis 5 Sterne) über die Schaltfläche unten — der Link ist 30 Tage gültig und funktioniert einmal; Sie können auch auf der Seite der Meldung bewerten: ${url}`,
    rateLabel: 'Bestätigen und Service bewerten',
  },
};

function statusExtras(language: Language, m: StatusChangeMail): string[] {
  const extras = STATUS_EXTRAS[language];
  return [
    ...(m.estimatedDate && !isFinalStatus(m.status)
      ? [extras.estimate(longDate(language, m.estimatedDate))]
      : []),
    ...(m.completionDate ? [extras.completion(longDate(language, m.completionDate))] : []),
    ...(m.ratingUrl ? [extras.rating(m.url)] : []),
  ];
}

/** The status message with its date lines; at F with a rating link, the button confirms and rates. */
function statusChanged(language: Language, m: StatusChangeMail): RenderedMail {
  const content = STATUS_CHANGED[language](m, STATUS_LABELS[language][m.status]);
  const [salutation, first, ...rest] = content.paragraphs;
  const paragraphs = [salutation!, first!, ...statusExtras(language, m), ...rest];
  return m.ratingUrl
    ? render(
        language,
        { ...m, url: m.ratingUrl },
        { ...content, paragraphs, label: STATUS_EXTRAS[language].rateLabel },
      )
    : render(language, m, { ...content, paragraphs });
}

export interface EstimateChangeMail extends Link {
  code: string;
  machine: string;
  /** 'YYYY-MM-DD'; null: the estimate was withdrawn. */
  estimatedDate: string | null;
}

const ESTIMATE_CHANGED: Record<Language, (m: EstimateChangeMail, date: string | null) => Content> = {
  pl: (m, date) => ({
    subject: date
      ? `Przewidywana data realizacji zgłoszenia ${m.code}: ${date}`
      : `Zgłoszenie ${m.code}: przewidywana data realizacji do ustalenia`,
    paragraphs: [
      greeting('pl', m.name),
      date
        ? `przewidywana data realizacji Twojego zgłoszenia serwisowego ${m.code} (${m.machine}) to teraz ${date}.`
        : `przewidywana data realizacji Twojego zgłoszenia serwisowego ${m.code} (${m.machine}) została wycofana; podamy nową, gdy tylko będzie znana.`,
      'Szczegóły zgłoszenia i rozmowę z serwisem znajdziesz w portalu.',
      'Nie chcesz otrzymywać takich wiadomości? Wyłącz je w ustawieniach konta (powiadomienia o zmianie statusu).',
    ],
    label: 'Otwórz zgłoszenie',
  }),
  en: (m, date) => ({
    subject: date
      ? `Service request ${m.code}: estimated completion ${date}`
      : `Service request ${m.code}: estimated completion to be confirmed`,
    paragraphs: [
      greeting('en', m.name),
      date
        ? `The estimated completion date of your service request ${m.code} (${m.machine}) is now ${date}.`
        : `The estimated completion date of your service request ${m.code} (${m.machine}) has been withdrawn; we will tell you the new one as soon as it is known.`,
      'You will find the details of the request and the conversation with the service team in the portal.',
      'Do not want these messages? Turn them off in your account settings (status change notifications).',
    ],
    label: 'Open the request',
  }),
  de: (m, date) => ({
    subject: date
      ? `Servicemeldung ${m.code}: voraussichtlicher Abschluss am ${date}`
      : `Servicemeldung ${m.code}: voraussichtlicher Abschluss noch offen`,
    paragraphs: [
      greeting('de', m.name),
      date
        ? `der voraussichtliche Abschluss Ihrer Servicemeldung ${m.code} (${m.machine}) ist jetzt der ${date}.`
        : `der voraussichtliche Abschluss Ihrer Servicemeldung ${m.code} (${m.machine}) wurde zurückgenommen; wir teilen Ihnen den neuen Termin mit, sobald er feststeht.`,
      'Die Einzelheiten der Meldung und das Gespräch mit dem Service finden Sie im Portal.',
      'Sie möchten diese Nachrichten nicht erhalten? Schalten Sie sie in Ihren Kontoeinstellungen aus (Benachrichtigungen über Statusänderungen).',
    ],
    label: 'Meldung öffnen',
  }),
};

type Content = { subject: string; paragraphs: string[]; label: string };

const STATUS_CHANGED: Record<Language, (m: StatusChangeMail, label: string) => Content> = {
  pl: (m, label) => ({
    subject: m.duplicateOf
      ? `Zgłoszenie ${m.code} zamknięte jako duplikat ${m.duplicateOf}`
      : m.withdrawn
        ? `Zgłoszenie ${m.code} zostało wycofane`
        : `Zmiana statusu zgłoszenia ${m.code}: ${label}`,
    paragraphs: [
      greeting('pl', m.name),
      m.duplicateOf
        ? `Twoje zgłoszenie serwisowe ${m.code} (${m.machine}) dotyczy tej samej sprawy co zgłoszenie ${m.duplicateOf}, więc zamknęliśmy je jako duplikat. Sprawę prowadzimy dalej w zgłoszeniu ${m.duplicateOf}.`
        : m.withdrawn
          ? `potwierdzamy wycofanie Twojego zgłoszenia serwisowego ${m.code} (${m.machine}).`
          : `status Twojego zgłoszenia serwisowego ${m.code} (${m.machine}) zmienił się na: ${label}.`,
      'Szczegóły zgłoszenia i rozmowę z serwisem znajdziesz w portalu.',
      'Nie chcesz otrzymywać takich wiadomości? Wyłącz je w ustawieniach konta (powiadomienia o zmianie statusu).',
    ],
    label: 'Otwórz zgłoszenie',
  }),
  en: (m, label) => ({
    subject: m.duplicateOf
      ? `Service request ${m.code} closed as a duplicate of ${m.duplicateOf}`
      : m.withdrawn
        ? `Service request ${m.code} has been withdrawn`
        : `Service request ${m.code} status: ${label}`,
    paragraphs: [
      greeting('en', m.name),
      m.duplicateOf
        ? `Your service request ${m.code} (${m.machine}) is about the same matter as request ${m.duplicateOf}, so we have closed it as a duplicate. We carry on with the matter in request ${m.duplicateOf}.`
        : m.withdrawn
          ? `We confirm that your service request ${m.code} (${m.machine}) has been withdrawn.`
          : `The status of your service request ${m.code} (${m.machine}) has changed to: ${label}.`,
      'You will find the details of the request and the conversation with the service team in the portal.',
      'Do not want these messages? Turn them off in your account settings (status change notifications).',
    ],
    label: 'Open the request',
  }),
  de: (m, label) => ({
    subject: m.duplicateOf
      ? `Servicemeldung ${m.code} als Duplikat von ${m.duplicateOf} geschlossen`
      : m.withdrawn
        ? `Servicemeldung ${m.code} wurde zurückgezogen`
        : `Status der Servicemeldung ${m.code}: ${label}`,
    paragraphs: [
      greeting('de', m.name),
      m.duplicateOf
        ? `Ihre Servicemeldung ${m.code} (${m.machine}) betrifft dieselbe Sache wie die Meldung ${m.duplicateOf}; wir haben sie daher als Duplikat geschlossen. Wir bearbeiten die Sache in der Meldung ${m.duplicateOf} weiter.`
        : m.withdrawn
          ? `wir bestätigen, dass Ihre Servicemeldung ${m.code} (${m.machine}) zurückgezogen wurde.`
          : `der Status Ihrer Servicemeldung ${m.code} (${m.machine}) hat sich geändert: ${label}.`,
      'Die Einzelheiten der Meldung und das Gespräch mit dem Service finden Sie im Portal.',
      'Sie möchten diese Nachrichten nicht erhalten? Schalten Sie sie in Ihren Kontoeinstellungen aus (Benachrichtigungen über Statusänderungen).',
    ],
    label: 'Meldung öffnen',
  }),
};

export interface FiledForCustomerMail extends Link {
  code: string;
  machine: string;
  problemDescription: string;
}

/** A request the service desk filed for the customer who phoned (docs/decisions/064): what was written down. */
const FILED_FOR_CUSTOMER: Record<Language, (m: FiledForCustomerMail) => Content> = {
  pl: (m) => ({
    subject: `Przyjęliśmy Twoje zgłoszenie serwisowe ${m.code}`,
    paragraphs: [
      greeting('pl', m.name),
      `na podstawie rozmowy telefonicznej nasz serwis przyjął w Twoim imieniu zgłoszenie ${m.code} (${m.machine}).`,
      `Zapisany opis problemu: ${m.problemDescription}`,
      'Jeśli coś się nie zgadza, napisz do nas na czacie zgłoszenia w portalu; tam też możesz dodać zdjęcia.',
    ],
    label: 'Otwórz zgłoszenie',
  }),
  en: (m) => ({
    subject: `We have filed your service request ${m.code}`,
    paragraphs: [
      greeting('en', m.name),
      `Following your phone call, our service team has filed service request ${m.code} (${m.machine}) for you.`,
      `The problem as written down: ${m.problemDescription}`,
      'If anything is not right, write to us in the request’s chat in the portal; you can add photos there too.',
    ],
    label: 'Open the request',
  }),
  de: (m) => ({
    subject: `Wir haben Ihre Servicemeldung ${m.code} erfasst`,
    paragraphs: [
      greeting('de', m.name),
      `nach Ihrem Anruf hat unser Service die Meldung ${m.code} (${m.machine}) für Sie erfasst.`,
      `Die notierte Problembeschreibung: ${m.problemDescription}`,
      'Stimmt etwas nicht, schreiben Sie uns im Chat der Meldung im Portal; dort können Sie auch Fotos hinzufügen.',
    ],
    label: 'Meldung öffnen',
  }),
};

export interface GuaranteeEndMail extends Link {
  machineName: string;
  serialNumber: string;
  /** 'YYYY-MM-DD', the last day covered. */
  endDate: string;
  /** Days from today to the end date (0: it ends today). */
  daysLeft: number;
}

const GUARANTEE_END: Record<Language, (m: GuaranteeEndMail, date: string) => Content> = {
  pl: (m, date) => ({
    subject: `Gwarancja maszyny ${m.machineName} kończy się ${date}`,
    paragraphs: [
      greeting('pl', m.name),
      `gwarancja Twojej maszyny ${m.machineName} (nr seryjny ${m.serialNumber}) obowiązuje do ${date} (dni do końca: ${m.daysLeft}).`,
      'Jeśli maszyna wymaga naprawy lub przeglądu w ramach gwarancji, zgłoś to w portalu przed tą datą.',
      'Nie chcesz otrzymywać takich przypomnień? Wyłącz je w ustawieniach konta (koniec gwarancji).',
    ],
    label: 'Zobacz maszynę',
  }),
  en: (m, date) => ({
    subject: `The guarantee of your ${m.machineName} ends on ${date}`,
    paragraphs: [
      greeting('en', m.name),
      `The guarantee of your machine ${m.machineName} (serial number ${m.serialNumber}) is valid until ${date} (days left: ${m.daysLeft}).`,
      'If the machine needs a repair or an inspection under the guarantee, report it in the portal before that date.',
      'Do not want these reminders? Turn them off in your account settings (guarantee end).',
    ],
    label: 'View the machine',
  }),
  de: (m, date) => ({
    subject: `Die Garantie Ihrer Maschine ${m.machineName} endet am ${date}`,
    paragraphs: [
      greeting('de', m.name),
      `die Garantie Ihrer Maschine ${m.machineName} (Seriennummer ${m.serialNumber}) gilt bis zum ${date} (verbleibende Tage: ${m.daysLeft}).`,
      'Wenn die Maschine im Rahmen der Garantie repariert oder geprüft werden muss, melden Sie dies vor diesem Datum im Portal.',
      'Sie möchten diese Erinnerungen nicht erhalten? Schalten Sie sie in Ihren Kontoeinstellungen aus (Garantieende).',
    ],
    label: 'Maschine ansehen',
  }),
};

export interface MachineStatusMail extends Link {
  machineName: string;
  serialNumber: string;
  status: MachineStatus;
}

/** SPEC §4's machine status labels, as the web's machines namespace shows them. */
const MACHINE_STATUS_LABELS: Record<Language, Record<MachineStatus, string>> = {
  pl: {
    D: 'Zarejestrowane zapotrzebowanie',
    S: 'Zaplanowana do realizacji',
    P: 'W realizacji',
    H: 'Realizacja wstrzymana',
    M: 'Montaż',
    B: 'Przed kontrolą jakości',
    C: 'Kontrola jakości',
    E: 'Poprawki po kontroli jakości',
    W: 'W magazynie',
    I: 'Wydana',
    R: 'Zarejestrowana',
    G: 'Po gwarancji',
    X: 'Anulowana',
  },
  en: {
    D: 'Registered demand',
    S: 'Scheduled for realization',
    P: 'Realization',
    H: 'Realization on hold',
    M: 'Assembly',
    B: 'Before quality control',
    C: 'Quality control',
    E: 'Improvement after quality control',
    W: 'In warehouse',
    I: 'Issued',
    R: 'Registered',
    G: 'Post-guarantee',
    X: 'Cancelled',
  },
  de: {
    D: 'Bedarf erfasst',
    S: 'Zur Fertigung eingeplant',
    P: 'In Fertigung',
    H: 'Fertigung angehalten',
    M: 'Montage',
    B: 'Vor der Qualitätskontrolle',
    C: 'Qualitätskontrolle',
    E: 'Nachbesserung nach Qualitätskontrolle',
    W: 'Im Lager',
    I: 'Ausgeliefert',
    R: 'Registriert',
    G: 'Nach Garantieende',
    X: 'Storniert',
  },
};

const MACHINE_STATUS_CHANGED: Record<Language, (m: MachineStatusMail, label: string) => Content> = {
  pl: (m, label) => ({
    subject: `Zmiana statusu maszyny ${m.machineName}: ${label}`,
    paragraphs: [
      greeting('pl', m.name),
      `status Twojej maszyny ${m.machineName} (nr seryjny ${m.serialNumber}) zmienił się na: ${label}.`,
      'Szczegóły maszyny i jej gwarancji znajdziesz w portalu.',
      'Nie chcesz otrzymywać takich wiadomości? Wyłącz je w ustawieniach konta (powiadomienia o zmianie statusu).',
    ],
    label: 'Zobacz maszynę',
  }),
  en: (m, label) => ({
    subject: `Status of your ${m.machineName}: ${label}`,
    paragraphs: [
      greeting('en', m.name),
      `The status of your machine ${m.machineName} (serial number ${m.serialNumber}) has changed to: ${label}.`,
      'You will find the details of the machine and its guarantee in the portal.',
      'Do not want these messages? Turn them off in your account settings (status change notifications).',
    ],
    label: 'View the machine',
  }),
  de: (m, label) => ({
    subject: `Status Ihrer Maschine ${m.machineName}: ${label}`,
    paragraphs: [
      greeting('de', m.name),
      `der Status Ihrer Maschine ${m.machineName} (Seriennummer ${m.serialNumber}) hat sich geändert: ${label}.`,
      'Die Einzelheiten der Maschine und ihrer Garantie finden Sie im Portal.',
      'Sie möchten diese Nachrichten nicht erhalten? Schalten Sie sie in Ihren Kontoeinstellungen aus (Benachrichtigungen über Statusänderungen).',
    ],
    label: 'Maschine ansehen',
  }),
};

function render(language: Language, link: Link, { subject, paragraphs, label }: Content): RenderedMail {
  return renderMail({
    subject,
    paragraphs,
    action: { label, url: link.url },
    footer: FOOTER[language](link.brand),
  });
}

export interface OfferRequestMail extends Link {
  number: string;
  /** Each line as the customer sees it: the name in the mail's language, the symbol and the amount. */
  items: { name: string; symbol: string; amount: number }[];
  note: string | undefined;
  /** The names of the files the customer attached (downloadable on the portal). */
  attachments?: readonly string[];
  customer: { name: string; email: string; phone: string | null };
}

const itemLines = (items: OfferRequestMail['items'], unit: string) =>
  items.map((item, index) => `${index + 1}. ${item.name} — ${item.symbol} — ${item.amount} ${unit}`);

/** The notice to parts sales (SALES_EMAIL): always Polish, the department's language. */
function offerRequestToSales(m: OfferRequestMail): Content {
  return {
    subject: `Nowe zapytanie ofertowe ${m.number} – ${m.customer.name}`,
    paragraphs: [
      `Klient: ${m.customer.name}, ${m.customer.email}${m.customer.phone ? `, tel. ${m.customer.phone}` : ''}`,
      `Pozycje (${m.items.length}):`,
      ...itemLines(m.items, 'szt.'),
      ...(m.note ? [`Uwagi klienta: ${m.note}`] : []),
      ...(m.attachments?.length
        ? [`Załączniki klienta (${m.attachments.length}, do pobrania w portalu): ${m.attachments.join(', ')}`]
        : []),
    ],
    label: 'Otwórz zapytanie',
  };
}

const OFFER_REQUEST_COPY: Record<Language, (m: OfferRequestMail) => Content> = {
  pl: (m) => ({
    subject: `Twoje zapytanie ofertowe ${m.number}`,
    paragraphs: [
      greeting('pl', m.name),
      `dziękujemy za zapytanie ofertowe ${m.number}. Przekazaliśmy je do działu sprzedaży części, który przygotuje ofertę. Poniżej kopia zapytania.`,
      ...itemLines(m.items, 'szt.'),
      ...(m.note ? [`Uwagi: ${m.note}`] : []),
      ...(m.attachments?.length ? [`Załączniki: ${m.attachments.join(', ')}`] : []),
    ],
    label: 'Moje zapytania ofertowe',
  }),
  en: (m) => ({
    subject: `Your offer request ${m.number}`,
    paragraphs: [
      greeting('en', m.name),
      `Thank you for your offer request ${m.number}. We have passed it to the parts sales department, which will prepare a quotation. Below is a copy of the request.`,
      ...itemLines(m.items, 'pcs'),
      ...(m.note ? [`Note: ${m.note}`] : []),
      ...(m.attachments?.length ? [`Attachments: ${m.attachments.join(', ')}`] : []),
    ],
    label: 'My offer requests',
  }),
  de: (m) => ({
    subject: `Ihre Angebotsanfrage ${m.number}`,
    paragraphs: [
      greeting('de', m.name),
      `vielen Dank für Ihre Angebotsanfrage ${m.number}. Wir haben sie an den Ersatzteilvertrieb weitergeleitet, der ein Angebot erstellt. Unten finden Sie eine Kopie der Anfrage.`,
      ...itemLines(m.items, 'Stk.'),
      ...(m.note ? [`Anmerkung: ${m.note}`] : []),
      ...(m.attachments?.length ? [`Anhänge: ${m.attachments.join(', ')}`] : []),
    ],
    label: 'Meine Angebotsanfragen',
  }),
};

export const mailTemplates = {
  confirmRegistration: (language: Language, link: Link) => build(CONFIRM, language, link),
  alreadyRegistered: (language: Language, link: Link) => build(ALREADY_REGISTERED, language, link),
  resetPassword: (language: Language, link: Link) => build(RESET, language, link),
  setPassword: (language: Language, link: Link) => build(SET_PASSWORD, language, link),
  ssoOnly: (language: Language, link: Link & { provider: string }) => build(SSO_ONLY, language, link),
  filedForCustomer: (language: Language, mail: FiledForCustomerMail) =>
    render(language, mail, FILED_FOR_CUSTOMER[language](mail)),
  statusChanged: (language: Language, mail: StatusChangeMail) => statusChanged(language, mail),
  estimateChanged: (language: Language, mail: EstimateChangeMail) =>
    render(
      language,
      mail,
      ESTIMATE_CHANGED[language](mail, mail.estimatedDate ? longDate(language, mail.estimatedDate) : null),
    ),
  machineStatusChanged: (language: Language, mail: MachineStatusMail) =>
    render(
      language,
      mail,
      MACHINE_STATUS_CHANGED[language](mail, MACHINE_STATUS_LABELS[language][mail.status]),
    ),
  guaranteeEnding: (language: Language, mail: GuaranteeEndMail) =>
    render(language, mail, GUARANTEE_END[language](mail, longDate(language, mail.endDate))),
  offerRequestToSales: (mail: OfferRequestMail) => {
    const { subject, paragraphs, label } = offerRequestToSales(mail);
    return renderMail({
      subject,
      paragraphs,
      action: { label, url: mail.url },
      footer: replyReachesCustomer(mail.brand, mail.customer.email),
    });
  },
  offerRequestCopy: (language: Language, mail: OfferRequestMail) =>
    render(language, mail, OFFER_REQUEST_COPY[language](mail)),
};
