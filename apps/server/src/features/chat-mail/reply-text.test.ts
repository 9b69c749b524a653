import { describe, expect, it } from 'vitest';
import { stripQuotedHistory, textOfHtml } from './reply-text.ts';

describe('the new part of a reply e-mail', () => {
  it.each([
    ['Gmail (en)', 'On Fri, 27 Nov 2026 at 10:00, AgroMech Care <reply@portal.example> wrote:'],
    [
      'Gmail, the wrapped line',
      'On Fri, 27 Nov 2026 at 10:00, AgroMech Care <\nreply@portal.example> wrote:',
    ],
    ['Thunderbird (de)', 'Am 27.11.2026 um 10:00 schrieb AgroMech Care:'],
    ['Thunderbird (pl)', 'W dniu 27.11.2026 o 10:00, AgroMech Care pisze:'],
    ['Gmail (pl)', 'pt., 27 lis 2026 o 10:00 AgroMech Care <reply@portal.example> napisał(a):'],
    ['Outlook', '-----Original Message-----\nFrom: AgroMech Care'],
    ['Outlook (de)', '-----Ursprüngliche Nachricht-----'],
    [
      'Outlook, header block',
      'From: AgroMech Care <reply@portal.example>\nSent: Friday, 27 November 2026 10:00\nTo: Jan',
    ],
    [
      'Outlook (pl), header block',
      'Od: AgroMech Care <reply@portal.example>\nWysłano: piątek, 27 listopada 2026 10:00',
    ],
    ['Outlook, separator line', '________________________________\nVon: AgroMech Care'],
  ])('cuts the history below an answer written in %s', (_name, header) => {
    const mail = `Termin pasuje.\nDo zobaczenia.\n\n${header}\n> Dzień dobry,\n> serwis odpowiedział.`;
    expect(stripQuotedHistory(mail)).toBe('Termin pasuje.\nDo zobaczenia.');
  });

  it('drops quoted lines written between the lines of the answer and the signature', () => {
    const mail =
      '> Pasuje jutro?\nTak, jutro.\r\n> A godzina?\r\nOd 8.\n\n-- \nJan Kowalski\ntel. 600 000 000';
    expect(stripQuotedHistory(mail)).toBe('Tak, jutro.\nOd 8.');
  });

  it('keeps an answer that merely mentions what someone wrote', () => {
    const mail = 'The mechanic wrote: the belt is worn.\nFrom what I see it is fine.';
    expect(stripQuotedHistory(mail)).toBe(mail);
  });

  it('answers nothing for a reply that is only the quoted history', () => {
    expect(stripQuotedHistory('\n\nOn Fri, 27 Nov 2026, AgroMech wrote:\n> Hello')).toBe('');
  });
});

describe('the text of an HTML-only reply', () => {
  it('keeps the words and paragraphs, drops markup, scripts and the quoted history in a blockquote', () => {
    const html = `<html><head><style>p{color:red}</style></head><body><div dir="ltr"><p>The <b>belt</b> is here &amp; fitted.</p><p>Jan</p><script>alert(1)</script></div>
      <div class="gmail_quote"><div class="gmail_attr">On Fri, 27 Nov 2026 AgroMech wrote:</div><blockquote>Old text</blockquote></div></body></html>`;
    expect(stripQuotedHistory(textOfHtml(html))).toBe('The belt is here & fitted.\n\nJan');
  });

  it('cuts Outlook’s history at its header block', () => {
    const html = `<p>Yes, please.</p><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> AgroMech<br><b>Sent:</b> Friday<br></div><div>Old text</div>`;
    expect(stripQuotedHistory(textOfHtml(html))).toBe('Yes, please.');
  });
});
