import type { Db } from '../client.ts';
import { cannedReplies } from '../schema/canned-replies.ts';

/** A few of the service department's canned replies (issue 18); one has no German text (Polish stands in). */
const REPLIES = [
  {
    title: 'Potwierdzenie przyjęcia zgłoszenia',
    textPl:
      'Dzień dobry, dziękujemy za zgłoszenie. Serwisant skontaktuje się z Panem/Panią w ciągu 2 dni roboczych.',
    textEn: 'Hello, thank you for your request. A service technician will contact you within 2 working days.',
    textDe:
      'Guten Tag, vielen Dank für Ihre Meldung. Ein Servicetechniker meldet sich innerhalb von 2 Werktagen bei Ihnen.',
  },
  {
    title: 'Prośba o zdjęcie tabliczki znamionowej',
    textPl:
      'Prosimy o przesłanie zdjęcia tabliczki znamionowej maszyny oraz miejsca usterki – to przyspieszy diagnozę.',
    textEn:
      'Please send us a photo of the machine’s rating plate and of the fault – it speeds up the diagnosis.',
    textDe:
      'Bitte senden Sie uns ein Foto des Typenschilds der Maschine und der Schadstelle – das beschleunigt die Diagnose.',
  },
  {
    title: 'Części zamówione',
    textPl: 'Potrzebne części zostały zamówione. Potwierdzimy termin naprawy, gdy tylko dotrą do serwisu.',
    textEn:
      'The parts needed have been ordered. We will confirm the repair date as soon as they reach our workshop.',
    textDe: null,
  },
  {
    title: 'Naprawa zakończona',
    textPl: 'Naprawa została zakończona, maszyna jest gotowa do odbioru. Dziękujemy za cierpliwość.',
    textEn: 'The repair is finished and the machine is ready for collection. Thank you for your patience.',
    textDe:
      'Die Reparatur ist abgeschlossen, die Maschine kann abgeholt werden. Vielen Dank für Ihre Geduld.',
  },
] as const;

export async function insertCannedReplies(db: Db, serviceId: number): Promise<void> {
  await db.insert(cannedReplies).values(REPLIES.map((reply) => ({ ...reply, updatedBy: serviceId })));
}
