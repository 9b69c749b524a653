import type { Language } from '@care/contract/locales';
import type { Attachment } from 'postal-mime';
import { detectFileType, fileNameFor } from '#app/files/file-types.ts';
import type { FileStore } from '#app/files/file-store.ts';
import type { Upload, UploadLimits } from '#app/files/uploads.ts';

/**
 * A reply e-mail's attachments under the rules of a chat upload (files/uploads.ts): the allowed types by content
 * (file-types.ts), the size of one file, the number of files and their total. Accepted ones are written to the
 * store; a refused one is named in a note added to the message, so the text is kept and the sender learns why.
 */

export type RefusalReason = 'type' | 'size' | 'empty' | 'count';

export interface ReceivedFiles {
  uploads: Upload[];
  refused: { name: string; reason: RefusalReason }[];
}

/** Pictures a mail program puts in its HTML (a signature's logo) are part of the layout, not something sent. */
const isLayout = (attachment: Attachment) =>
  attachment.disposition !== 'attachment' && (attachment.related === true || !attachment.filename);

const bytesOf = (content: Attachment['content']): Uint8Array =>
  typeof content === 'string' ? Buffer.from(content, 'base64') : new Uint8Array(content as ArrayBuffer);

export async function storeAttachments(
  store: FileStore,
  limits: UploadLimits,
  attachments: readonly Attachment[],
): Promise<ReceivedFiles> {
  const received: ReceivedFiles = { uploads: [], refused: [] };
  let total = 0;
  for (const attachment of attachments.filter((a) => !isLayout(a))) {
    const name = attachment.filename ?? 'file';
    const bytes = bytesOf(attachment.content);
    const refuse = (reason: RefusalReason) => received.refused.push({ name, reason });
    if (bytes.length === 0) refuse('empty');
    else if (bytes.length > limits.maxFileBytes || total + bytes.length > limits.maxRequestBytes)
      refuse('size');
    else if (received.uploads.length >= limits.maxFiles) refuse('count');
    else {
      const type = await detectFileType(bytes);
      if (!type) {
        refuse('type');
        continue;
      }
      total += bytes.length;
      const stored = await store.write(
        (async function* () {
          yield bytes;
        })(),
      );
      const previous = received.uploads.at(-1)?.storedAt.getTime() ?? 0;
      received.uploads.push({
        ...stored,
        originalName: fileNameFor(name, type),
        contentType: type.contentType,
        storedAt: new Date(Math.max(Date.now(), previous + 1)),
      });
    }
  }
  return received;
}

const REFUSED: Record<Language, { intro: string; reasons: Record<RefusalReason, string> }> = {
  pl: {
    intro: 'Nie dodano załączników z e-maila:',
    reasons: {
      type: 'niedozwolony typ pliku',
      size: 'plik jest za duży',
      empty: 'plik jest pusty',
      count: 'za dużo plików',
    },
  },
  en: {
    intro: 'Attachments of the e-mail that were not added:',
    reasons: {
      type: 'file type not allowed',
      size: 'file too large',
      empty: 'empty file',
      count: 'too many files',
    },
  },
  de: {
    intro: 'Nicht übernommene Anhänge der E-Mail:',
    reasons: {
      type: 'Dateityp nicht erlaubt',
      size: 'Datei zu groß',
      empty: 'Datei ist leer',
      count: 'zu viele Dateien',
    },
  },
};

/** "Attachments of the e-mail that were not added: tool.exe (file type not allowed)", in the author's language. */
export function refusedNote(language: Language, refused: ReceivedFiles['refused']): string | null {
  if (refused.length === 0) return null;
  const texts = REFUSED[language];
  return `${texts.intro} ${refused.map((r) => `${r.name} (${texts.reasons[r.reason]})`).join(', ')}`;
}
