import type { QueuedMail } from '#app/mail/outbox.ts';
import { renderMail } from '#app/mail/layout.ts';
import { replyReachesCustomer } from '#app/mail/templates.ts';

export interface NewRequestMail {
  serviceEmail: string;
  brand: string;
  /** Where the request opens in the portal: the staff page (the service inbox is staff). */
  url: string;
  code: string;
  customer: { name: string; email: string; phone: string | null };
  machine: { name: string; serialNumber: string };
  problemDescription: string;
  comments: string | undefined;
  transportType: string | undefined;
  deliveryPlace: string | undefined;
  attachmentCount: number;
}

/**
 * The notice to the service department (SERVICE_EMAIL) that a customer filed a request. mail/templates.ts has
 * no template for it; it is written in Polish, the service department's language, and Reply-To is the customer.
 */
export function newRequestMail(mail: NewRequestMail): QueuedMail {
  const rendered = renderMail({
    subject: `Nowe zgłoszenie serwisowe ${mail.code} – ${mail.machine.name} (${mail.machine.serialNumber})`,
    paragraphs: [
      `Klient: ${mail.customer.name}, ${mail.customer.email}${mail.customer.phone ? `, tel. ${mail.customer.phone}` : ''}`,
      `Maszyna: ${mail.machine.name}, nr seryjny ${mail.machine.serialNumber}`,
      `Opis problemu: ${mail.problemDescription}`,
      ...(mail.comments ? [`Uwagi: ${mail.comments}`] : []),
      `Transport: ${mail.transportType ?? '—'}; miejsce dostarczenia: ${mail.deliveryPlace ?? '—'}`,
      `Załączniki: ${mail.attachmentCount}`,
    ],
    action: { label: 'Otwórz zgłoszenie', url: mail.url },
    footer: replyReachesCustomer(mail.brand, mail.customer.email),
  });
  return {
    to: mail.serviceEmail,
    replyTo: mail.customer.email,
    ...rendered,
    kind: 'service-request-created',
    language: 'pl',
  };
}
