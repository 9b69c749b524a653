import { convert } from 'html-to-text';

/**
 * The new part of a reply e-mail: the quoted history that mail programs add below (or above) the answer is cut
 * off, so the conversation holds what the person wrote (docs/decisions/063 on why not a library).
 */

/** Lines that introduce the quoted message, in the languages and mail programs our customers use. */
const HISTORY_STARTS = [
  // Gmail, Apple Mail, Thunderbird (en): "On Fri, 27 Nov 2026 at 10:00, Jan <jan@example.com> wrote:"
  /^On\b.{0,300}\bwrote:$/i,
  // de: "Am 27.11.2026 um 10:00 schrieb Jan <jan@example.com>:"
  /^Am\b.{0,300}\bschrieb\b.{0,300}:$/i,
  // pl Thunderbird: "W dniu 27.11.2026 o 10:00, Jan pisze:"; Gmail: "… Jan <jan@example.com> napisał(a):"
  /^W dniu\b.{0,300}\bpisze:$/i,
  /^.{0,300}\bnapisał(\(a\)|a)?:$/i,
  // Outlook and others: "-----Original Message-----", "-----Ursprüngliche Nachricht-----", "-----Wiadomość oryginalna-----"
  /^-{2,}\s*(Original Message|Ursprüngliche Nachricht|Wiadomość oryginalna|Oryginalna wiadomość|Forwarded message)\s*-{2,}$/i,
];
/** Outlook's header block of the quoted message: "From: …" followed closely by "Sent: …" (or Date/Gesendet/Wysłano). */
const HEADER_FROM = /^\*?(From|Von|Od|Nadawca):\*?\s/i;
const HEADER_DATE = /^\*?(Sent|Date|Gesendet|Datum|Wysłano|Data|Wysłane):\*?\s/i;

function historyStartsAt(lines: string[], index: number): boolean {
  const line = lines[index]!.trim();
  // A long "On … wrote:" may be wrapped onto the next line.
  const joined = `${line} ${lines[index + 1]?.trim() ?? ''}`.trim();
  if (HISTORY_STARTS.some((start) => start.test(line) || start.test(joined))) return true;
  if (/^_{10,}$/.test(line)) return true;
  return (
    HEADER_FROM.test(line) && lines.slice(index + 1, index + 4).some((next) => HEADER_DATE.test(next.trim()))
  );
}

export function stripQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    // "-- " alone starts a signature (RFC 3676).
    if (line === '-- ' || historyStartsAt(lines, index)) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of an HTML-only e-mail (html-to-text: markup, scripts and styles go, entities are decoded, paragraphs
 * stay apart). The quoted history that mail programs nest in a <blockquote> (Gmail, Apple Mail, Thunderbird) is
 * left out here; Outlook's "From: … Sent: …" header stays in the text so that stripQuotedHistory cuts there.
 */
export function textOfHtml(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'hr', format: 'skip' },
      { selector: 'blockquote', format: 'skip' },
      { selector: 'div.gmail_quote', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  });
}
