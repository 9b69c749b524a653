import type { Language } from '@care/contract/locales';
import type { ServiceTimeTarget } from '@care/contract/service-times';
import type { ServiceRequestPriority } from '@care/contract/staff-desk-fields';
import { renderMail, type RenderedMail } from '#app/mail/layout.ts';
import { greeting } from '#app/mail/templates.ts';

/** The breach warning (docs/decisions/066): to the request's assignee in their language, or the service inbox. */
export interface BreachWarningMail {
  /** The recipient's first name ('' for the service inbox). */
  name: string;
  brand: string;
  url: string;
  code: string;
  machineName: string;
  priority: ServiceRequestPriority;
  target: ServiceTimeTarget;
  /** When the target falls due. */
  dueAt: Date;
  /** Nobody has the request: the e-mail goes to the service inbox. */
  unassigned: boolean;
}

const LOCALES: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', de: 'de-DE' };

const dueText = (language: Language, at: Date) =>
  new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  }).format(at);

interface Texts {
  target: Record<ServiceTimeTarget, string>;
  priority: Record<ServiceRequestPriority, string>;
  subject: (target: string, code: string) => string;
  body: (m: BreachWarningMail, target: string, due: string, priority: string) => string;
  unassigned: string;
  label: string;
  footer: (brand: string) => string;
}

const TEXTS: Record<Language, Texts> = {
  pl: {
    target: { reply: 'pierwsza odpowiedź', completion: 'realizacja' },
    priority: { low: 'niski', normal: 'normalny', high: 'wysoki', urgent: 'pilny' },
    subject: (target, code) => `Mija termin (${target}): ${code}`,
    body: (m, target, due, priority) =>
      `termin zgłoszenia ${m.code} (${m.machineName}, priorytet ${priority}) — ${target} — mija ${due}. Zostało mniej niż jedna piąta czasu.`,
    unassigned: 'Nikt nie przejął tego zgłoszenia.',
    label: 'Otwórz zgłoszenie',
    footer: (brand) => `${brand} — portal klienta, wiadomość automatyczna dla serwisu.`,
  },
  en: {
    target: { reply: 'first reply', completion: 'completion' },
    priority: { low: 'low', normal: 'normal', high: 'high', urgent: 'urgent' },
    subject: (target, code) => `Due soon (${target}): ${code}`,
    body: (m, target, due, priority) =>
      `The ${target} of request ${m.code} (${m.machineName}, ${priority} priority) is due ${due}. Less than a fifth of the time is left.`,
    unassigned: 'Nobody has taken this request.',
    label: 'Open the request',
    footer: (brand) => `${brand} — customer portal, an automatic message for the service department.`,
  },
  de: {
    target: { reply: 'Erste Antwort', completion: 'Erledigung' },
    priority: { low: 'niedrig', normal: 'normal', high: 'hoch', urgent: 'dringend' },
    subject: (target, code) => `Frist läuft ab (${target}): ${code}`,
    body: (m, target, due, priority) =>
      `die Frist der Anfrage ${m.code} (${m.machineName}, Priorität ${priority}) — ${target} — läuft am ${due} ab. Es bleibt weniger als ein Fünftel der Zeit.`,
    unassigned: 'Niemand hat diese Anfrage übernommen.',
    label: 'Anfrage öffnen',
    footer: (brand) => `${brand} — Kundenportal, automatische Nachricht für den Service.`,
  },
};

export function breachWarningMail(language: Language, mail: BreachWarningMail): RenderedMail {
  const texts = TEXTS[language];
  const target = texts.target[mail.target];
  return renderMail({
    subject: texts.subject(target, mail.code),
    paragraphs: [
      greeting(language, mail.name),
      texts.body(mail, target, dueText(language, mail.dueAt), texts.priority[mail.priority]),
      ...(mail.unassigned ? [texts.unassigned] : []),
    ],
    action: { label: texts.label, url: mail.url },
    footer: texts.footer(mail.brand),
  });
}
