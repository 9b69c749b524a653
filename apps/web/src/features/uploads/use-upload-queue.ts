import type { UploadLimits } from '@care/contract/files';
import { useRef, useState } from 'react';
import { fileProblem, type FileProblem } from '#app/lib/upload.ts';

export type QueuedFileStatus = 'ready' | 'sending' | 'done' | 'failed';

export interface QueuedFile {
  key: string;
  file: File;
  /** 0..1 of this file's bytes sent. */
  progress: number;
  status: QueuedFileStatus;
  /** Why the last attempt failed (already translated by the API client). */
  error?: string;
}

export interface RefusedUpload {
  name: string;
  /** `count`: more files than one upload may carry; `total`: together larger than one upload may be. */
  problem: FileProblem | 'count' | 'total';
}

export type ProgressReporter = (loaded: number, total: number) => void;

let keys = 0;
const nextKey = () => `upload-${(keys += 1)}`;

/**
 * How far each file of one multipart body is, from the bytes of the whole body sent (the files go in order,
 * after the short text fields; the framing is spread over them in proportion).
 */
export function progressOfFiles(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((all, size) => all + size, 0);
  const sent = total > 0 ? (Math.min(loaded, total) / total) * sum : 0;
  let offset = 0;
  return sizes.map((size) => {
    const part = size === 0 ? 1 : Math.min(1, Math.max(0, (sent - offset) / size));
    offset += size;
    return part;
  });
}

/**
 * The files a person has picked for one upload, checked against the server's limits before anything is sent, each
 * with its progress and state. Nothing is dropped on failure: the files stay, so sending again needs no new
 * picking. `sendTogether` sends all of them in one request (a new service request: all or nothing);
 * `sendEach` one request per file (appendices: a failed file is retried alone).
 */
export function useUploadQueue(limits: UploadLimits) {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const [refused, setRefused] = useState<RefusedUpload[]>([]);
  // The latest items for the async senders, which outlive the render that started them.
  const latest = useRef(items);
  const commit = (update: (current: QueuedFile[]) => QueuedFile[]) => {
    latest.current = update(latest.current);
    setItems(latest.current);
  };
  const patch = (key: string, change: Partial<QueuedFile>) =>
    commit((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const waiting = (current: readonly QueuedFile[]) => current.filter((item) => item.status !== 'done');
  const sending = items.some((item) => item.status === 'sending');

  const add = (files: readonly File[]) => {
    const refusedNow: RefusedUpload[] = [];
    const accepted: QueuedFile[] = [];
    let count = waiting(latest.current).length;
    let bytes = waiting(latest.current).reduce((all, item) => all + item.file.size, 0);
    for (const file of files) {
      const problem = fileProblem(file, limits);
      if (problem) refusedNow.push({ name: file.name, problem });
      else if (count >= limits.maxFiles) refusedNow.push({ name: file.name, problem: 'count' });
      else if (bytes + file.size > limits.maxRequestBytes)
        refusedNow.push({ name: file.name, problem: 'total' });
      else {
        accepted.push({ key: nextKey(), file, progress: 0, status: 'ready' });
        count += 1;
        bytes += file.size;
      }
    }
    commit((current) => [...current.filter((item) => item.status !== 'done'), ...accepted]);
    setRefused(refusedNow);
  };

  const remove = (key: string) => commit((current) => current.filter((item) => item.key !== key));

  const clear = () => {
    commit(() => []);
    setRefused([]);
  };

  /** One request with every waiting file; on failure they all stay, marked failed. Resolves the answer or null. */
  const sendTogether = async <T>(send: (files: File[], onProgress: ProgressReporter) => Promise<T>) => {
    const batch = waiting(latest.current);
    const batchKeys = new Set(batch.map((item) => item.key));
    const sizes = batch.map((item) => item.file.size);
    commit((current) =>
      current.map((item) =>
        batchKeys.has(item.key) ? { ...item, status: 'sending', progress: 0, error: undefined } : item,
      ),
    );
    setRefused([]);
    try {
      const answer = await send(
        batch.map((item) => item.file),
        (loaded, total) => {
          const parts = progressOfFiles(sizes, loaded, total);
          commit((current) =>
            current.map((item) => {
              const index = batch.findIndex((sent) => sent.key === item.key);
              return index < 0 ? item : { ...item, progress: parts[index]! };
            }),
          );
        },
      );
      commit((current) =>
        current.map((item) => (batchKeys.has(item.key) ? { ...item, status: 'done', progress: 1 } : item)),
      );
      return answer;
    } catch {
      // One reason for the whole request: the caller shows it once, not on every file.
      commit((current) =>
        current.map((item) => (batchKeys.has(item.key) ? { ...item, status: 'failed', progress: 0 } : item)),
      );
      return null;
    }
  };

  /**
   * One request per waiting file (or only `only`), one after another; a failure marks that file and goes on with
   * the next. Sent files leave the queue. Resolves how many were sent and how many failed.
   */
  const sendEach = async <T>(
    send: (file: File, onProgress: ProgressReporter) => Promise<T>,
    only?: string,
  ) => {
    const batch = waiting(latest.current).filter((item) => only === undefined || item.key === only);
    setRefused([]);
    let sent = 0;
    for (const item of batch) {
      patch(item.key, { status: 'sending', progress: 0, error: undefined });
      try {
        await send(item.file, (loaded, total) =>
          patch(item.key, { progress: total > 0 ? loaded / total : 0 }),
        );
        remove(item.key);
        sent += 1;
      } catch (failure) {
        patch(item.key, {
          status: 'failed',
          progress: 0,
          error: failure instanceof Error ? failure.message : String(failure),
        });
      }
    }
    return { sent, failed: batch.length - sent };
  };

  return {
    items,
    refused,
    sending,
    hasFiles: waiting(items).length > 0,
    add,
    remove,
    clear,
    sendTogether,
    sendEach,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
