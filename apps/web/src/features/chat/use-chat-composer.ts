import type { UploadLimits } from '@care/contract/files';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RefusedFile, useRefusalText } from '#app/components/feedback/refused-files.tsx';
import { newClientId } from '#app/lib/client-id.ts';
import { notify } from '#app/lib/notify.ts';
import { fileProblem, refusalOf } from '#app/lib/upload.ts';
import { useSendChatFile, useSendComment } from './api.ts';

export interface PendingChatFile {
  key: string;
  file: File;
  /** Made once per file and sent again on every retry (idempotent send). */
  clientId: string;
  /** 0..1 while sending. */
  progress: number;
  status: 'ready' | 'sending' | 'failed';
}

export type ComposerStatus = 'idle' | 'sending' | 'failed';

/** What the staff composer writes: a reply the customer reads, or an internal note (issue 18; text only). */
export type ComposerMode = 'reply' | 'note';

/**
 * What the composer holds until the server has it: the text (with the clientId of its first send attempt) and the
 * picked files (each with its own clientId). Send posts the text, then the files one by one; whatever fails stays,
 * with the same clientIds, so "Retry" cannot store anything twice. Editing the text after a failure makes it a
 * new message (a new clientId): the server would refuse the old id with other content.
 */
export function useChatComposer(serviceRequestId: string, limits: UploadLimits) {
  const { t } = useTranslation('services');
  const [text, setTextValue] = useState('');
  const textClientId = useRef<string | null>(null);
  const [files, setFiles] = useState<PendingChatFile[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [status, setStatus] = useState<ComposerStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [mode, setModeValue] = useState<ComposerMode>('reply');
  const sendComment = useSendComment();
  const sendFile = useSendChatFile();
  const refusalText = useRefusalText(limits);

  const setText = (value: string) => {
    setTextValue(value);
    textClientId.current = null;
  };

  /** A note is another message than a reply with the same text: a new clientId. */
  const setMode = (value: ComposerMode) => {
    setModeValue(value);
    textClientId.current = null;
  };

  /** A canned reply's text at the end of what is written (on a line of its own). */
  const insertText = (inserted: string) => {
    setText(text.trim() === '' ? inserted : `${text.replace(/\s+$/, '')}\n\n${inserted}`);
  };

  const addFiles = (picked: readonly File[]) => {
    const accepted: PendingChatFile[] = [];
    const refusedNow: RefusedFile[] = [];
    for (const file of picked) {
      const problem = fileProblem(file, limits);
      if (problem) refusedNow.push({ name: file.name, problem });
      else if (files.length + accepted.length >= limits.maxFiles)
        refusedNow.push({ name: file.name, problem: 'count' });
      else accepted.push({ key: newClientId(), file, clientId: newClientId(), progress: 0, status: 'ready' });
    }
    setFiles((current) => [...current, ...accepted]);
    setRefused(refusedNow);
  };

  const removeFile = (key: string) => setFiles((current) => current.filter((item) => item.key !== key));

  const update = (key: string, patch: Partial<PendingChatFile>) =>
    setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  // Notes are text only: the files wait for the next reply.
  const canSend = status !== 'sending' && (text.trim() !== '' || (mode === 'reply' && files.length > 0));

  /** Sends what the composer holds; resolves true when all of it was stored. */
  const send = async (): Promise<boolean> => {
    if (!canSend) return false;
    setStatus('sending');
    setError(null);
    setRefused([]);
    const body = text.trim();
    let current: PendingChatFile | null = null;
    try {
      if (body) {
        textClientId.current ??= newClientId();
        await sendComment.mutateAsync({
          serviceRequestId,
          body,
          clientId: textClientId.current,
          internal: mode === 'note',
        });
        setTextValue('');
        textClientId.current = null;
      }
      if (mode === 'note') {
        setStatus('idle');
        return true;
      }
      const refusedNow: RefusedFile[] = [];
      for (const item of files) {
        current = item;
        update(item.key, { status: 'sending', progress: 0 });
        try {
          await sendFile.mutateAsync({
            serviceRequestId,
            clientId: item.clientId,
            file: item.file,
            onProgress: (loaded, total) => update(item.key, { progress: total > 0 ? loaded / total : 0 }),
          });
        } catch (failure) {
          // A file the server refuses (its bytes are no accepted type, it is too large) would be refused again on
          // every retry: it leaves the queue with its reason, as the browser's own check puts it, and the rest go on.
          const problem = refusalOf(failure);
          if (!problem) throw failure;
          refusedNow.push({ name: item.file.name, problem });
        }
        removeFile(item.key);
      }
      setRefused(refusedNow);
      setStatus('idle');
      if (refusedNow.length > 0) {
        notify('ERROR', { title: t('chat.title'), message: refusedNow.map(refusalText).join(' ') });
      }
      return refusedNow.length === 0;
    } catch (failure) {
      if (current) update(current.key, { status: 'failed', progress: 0 });
      setError(failure instanceof Error ? failure.message : String(failure));
      setStatus('failed');
      notify('ERROR', {
        title: t('chat.title'),
        message: t(current ? 'chat.errors.file' : 'chat.errors.send'),
      });
      return false;
    }
  };

  return {
    text,
    setText,
    insertText,
    mode,
    setMode,
    files,
    addFiles,
    removeFile,
    refused,
    status,
    error,
    canSend,
    send,
  };
}

export type ChatComposerState = ReturnType<typeof useChatComposer>;
