import type { CannedReply } from '@care/contract/canned-replies';

/** Lower case without diacritics, so "zamowione" finds "zamówione" (Polish ł has no decomposition). */
export const foldText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase();

/** The replies whose title or any text holds every word of the search, in the list's order. */
export function matchingReplies(replies: readonly CannedReply[], search: string): CannedReply[] {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...replies];
  return replies.filter((reply) => {
    const haystack = foldText([reply.title, reply.texts.pl, reply.texts.en, reply.texts.de].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
