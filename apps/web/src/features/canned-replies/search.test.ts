import { type CannedReply, cannedReplyText } from '@care/contract/canned-replies';
import { describe, expect, it } from 'vitest';
import { matchingReplies } from './search.ts';

const reply = (id: string, title: string, pl: string, en: string | null = null): CannedReply => ({
  id,
  title,
  texts: { pl, en, de: null },
  updatedAt: '2026-11-27T10:00:00.000Z',
});

const REPLIES = [
  reply('1', 'Części zamówione', 'Potrzebne części zostały zamówione.', 'The parts have been ordered.'),
  reply('2', 'Naprawa zakończona', 'Maszyna jest gotowa do odbioru.'),
];

describe('canned replies: search and language', () => {
  it('finds a reply by words of its title or any text, typed without Polish letters', () => {
    expect(matchingReplies(REPLIES, 'zamowione').map((r) => r.id)).toEqual(['1']);
    expect(matchingReplies(REPLIES, 'ordered PARTS').map((r) => r.id)).toEqual(['1']);
    expect(matchingReplies(REPLIES, 'odbioru maszyna').map((r) => r.id)).toEqual(['2']);
    expect(matchingReplies(REPLIES, 'rabat')).toEqual([]);
    expect(matchingReplies(REPLIES, '  ')).toEqual(REPLIES);
  });

  it('inserts the text in the customer’s language, or the Polish one where it has none', () => {
    expect(cannedReplyText(REPLIES[0]!.texts, 'en')).toBe('The parts have been ordered.');
    expect(cannedReplyText(REPLIES[0]!.texts, 'de')).toBe('Potrzebne części zostały zamówione.');
    expect(cannedReplyText(REPLIES[1]!.texts, 'pl')).toBe('Maszyna jest gotowa do odbioru.');
  });
});
