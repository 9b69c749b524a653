import type { Language } from '@care/contract/locales';
import { renderMail, type RenderedMail } from '#app/mail/layout.ts';
import { greeting } from '#app/mail/templates.ts';

/** The chat e-mails (docs/decisions/063): staff replies to the customer, customer messages to the staff side. */

export interface MailedMessage {
  author: string;
  /** The text, or null for a message that only carries a file. */
  body: string | null;
  fileName: string | null;
}

export interface ChatMail {
  /** The recipient's first name ('' for the service inbox). */
  name: string;
  brand: string;
  url: string;
  code: string;
  messages: MailedMessage[];
  /** The e-mail has a reply address: answering it adds the answer to the conversation. */
  canReply: boolean;
}

interface Texts {
  subject: (code: string, count: number) => string;
  intro: (code: string, count: number) => string;
  file: (name: string) => string;
  replyHere: string;
  replyInPortal: string;
  label: string;
  footer: (brand: string) => string;
}

const TO_CUSTOMER: Record<Language, Texts & { optOut: string }> = {
  pl: {
    subject: (code, count) =>
      count === 1 ? `Nowa odpowiedź serwisu: ${code}` : `Nowe odpowiedzi serwisu (${count}): ${code}`,
    intro: (code, count) =>
      count === 1
        ? `serwis odpowiedział w rozmowie o zgłoszeniu ${code}:`
        : `serwis napisał w rozmowie o zgłoszeniu ${code} (wiadomości: ${count}):`,
    file: (name) => `[plik: ${name}]`,
    replyHere: 'Możesz odpowiedzieć na tę wiadomość — odpowiedź trafi do rozmowy w portalu (załączniki też).',
    replyInPortal: 'Odpowiedz w portalu.',
    optOut: 'Nie chcesz otrzymywać takich wiadomości? Wyłącz je w ustawieniach konta (odpowiedzi serwisu).',
    label: 'Otwórz rozmowę',
    footer: (brand) => `${brand} — portal klienta.`,
  },
  en: {
    subject: (code, count) =>
      count === 1
        ? `New reply from the service team: ${code}`
        : `New replies from the service team (${count}): ${code}`,
    intro: (code, count) =>
      count === 1
        ? `the service team replied in the conversation about request ${code}:`
        : `the service team wrote in the conversation about request ${code} (${count} messages):`,
    file: (name) => `[file: ${name}]`,
    replyHere:
      'You can reply to this e-mail — your answer is added to the conversation in the portal (attachments too).',
    replyInPortal: 'Please reply in the portal.',
    optOut:
      'Do not want these messages? Turn them off in your account settings (replies from the service team).',
    label: 'Open the conversation',
    footer: (brand) => `${brand} — customer portal.`,
  },
  de: {
    subject: (code, count) =>
      count === 1 ? `Neue Antwort des Service: ${code}` : `Neue Antworten des Service (${count}): ${code}`,
    intro: (code, count) =>
      count === 1
        ? `der Service hat im Gespräch zu Ihrer Anfrage ${code} geantwortet:`
        : `der Service hat im Gespräch zu Ihrer Anfrage ${code} geschrieben (${count} Nachrichten):`,
    file: (name) => `[Datei: ${name}]`,
    replyHere:
      'Sie können auf diese E-Mail antworten — Ihre Antwort wird dem Gespräch im Portal hinzugefügt (Anhänge auch).',
    replyInPortal: 'Bitte antworten Sie im Portal.',
    optOut:
      'Sie möchten diese Nachrichten nicht erhalten? Schalten Sie sie in Ihren Kontoeinstellungen aus (Antworten des Service).',
    label: 'Gespräch öffnen',
    footer: (brand) => `${brand} — Kundenportal.`,
  },
};

const TO_STAFF: Record<Language, Texts> = {
  pl: {
    subject: (code, count) =>
      count === 1 ? `Nowa wiadomość klienta: ${code}` : `Nowe wiadomości klienta (${count}): ${code}`,
    intro: (code, count) =>
      count === 1
        ? `klient napisał w zgłoszeniu ${code}:`
        : `klient napisał w zgłoszeniu ${code} (wiadomości: ${count}):`,
    file: (name) => `[plik: ${name}]`,
    replyHere: 'Odpowiedź na tę wiadomość trafi do rozmowy ze zgłoszenia i do klienta.',
    replyInPortal: 'Odpowiedz w portalu.',
    label: 'Otwórz zgłoszenie',
    footer: (brand) => `${brand} — portal klienta.`,
  },
  en: {
    subject: (code, count) =>
      count === 1 ? `New customer message: ${code}` : `New customer messages (${count}): ${code}`,
    intro: (code, count) =>
      count === 1
        ? `the customer wrote on request ${code}:`
        : `the customer wrote on request ${code} (${count} messages):`,
    file: (name) => `[file: ${name}]`,
    replyHere: "A reply to this e-mail is added to the request's conversation and reaches the customer.",
    replyInPortal: 'Please reply in the portal.',
    label: 'Open the request',
    footer: (brand) => `${brand} — customer portal.`,
  },
  de: {
    subject: (code, count) =>
      count === 1 ? `Neue Kundennachricht: ${code}` : `Neue Kundennachrichten (${count}): ${code}`,
    intro: (code, count) =>
      count === 1
        ? `der Kunde hat zur Anfrage ${code} geschrieben:`
        : `der Kunde hat zur Anfrage ${code} geschrieben (${count} Nachrichten):`,
    file: (name) => `[Datei: ${name}]`,
    replyHere:
      'Eine Antwort auf diese E-Mail wird dem Gespräch der Anfrage hinzugefügt und erreicht den Kunden.',
    replyInPortal: 'Bitte antworten Sie im Portal.',
    label: 'Anfrage öffnen',
    footer: (brand) => `${brand} — Kundenportal.`,
  },
};

function render(texts: Texts, language: Language, mail: ChatMail, extra: string[]): RenderedMail {
  const count = mail.messages.length;
  const quoted = mail.messages.map((m) => `${m.author}: ${m.body ?? texts.file(m.fileName ?? '')}`);
  return renderMail({
    subject: texts.subject(mail.code, count),
    paragraphs: [
      greeting(language, mail.name),
      texts.intro(mail.code, count),
      ...quoted,
      mail.canReply ? texts.replyHere : texts.replyInPortal,
      ...extra,
    ],
    action: { label: texts.label, url: mail.url },
    footer: texts.footer(mail.brand),
  });
}

export const chatMailTemplates = {
  staffReplies: (language: Language, mail: ChatMail) =>
    render(TO_CUSTOMER[language], language, mail, [TO_CUSTOMER[language].optOut]),
  customerMessages: (language: Language, mail: ChatMail) => render(TO_STAFF[language], language, mail, []),
};
