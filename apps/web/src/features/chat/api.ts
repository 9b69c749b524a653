import {
  CHAT_LIMITS,
  type ChatCommentCreate,
  type ChatCommentsQuery,
  chatEndpoints,
  type ChatMessage,
  type ChatRead,
  type ChatUnread,
} from '@care/contract/chat';
import { UPLOAD_FILE_FIELD } from '@care/contract/files';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { addressOf, callApi } from '#app/lib/api-client.ts';
import { uploadTo } from '#app/lib/upload.ts';

export const chatKeys = {
  all: ['chat'] as const,
  /** Every request's chat log; a `chat-message` event invalidates the one of its request. */
  logs: () => [...chatKeys.all, 'log'] as const,
  log: (serviceRequestId: string) => [...chatKeys.logs(), serviceRequestId] as const,
};

/** What the screen holds of a chat: a contiguous run of messages up to the newest, oldest first. */
export interface ChatLog {
  messages: ChatMessage[];
  /** Older messages exist before the first one held. */
  hasOlder: boolean;
}

/** Ids are decimal strings without leading zeros: a longer one is larger. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Both runs of messages as one, without duplicates, by id. */
export function mergeMessages(current: readonly ChatMessage[], added: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of added) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

const fetchPage = (query: ChatCommentsQuery, signal?: AbortSignal) =>
  callApi(chatEndpoints.listComments, { query }, { signal, silent: true });

/** Catching up after an event stops after this many pages and starts again from the newest page. */
const CATCH_UP_PAGES = 10;

async function catchUp(serviceRequestId: string, lastId: string, signal: AbortSignal) {
  const added: ChatMessage[] = [];
  let after = lastId;
  for (let page = 0; page < CATCH_UP_PAGES; page += 1) {
    const found = await fetchPage({ serviceRequestId, after, limit: CHAT_LIMITS.pageSizeMax }, signal);
    added.push(...found.messages);
    const newest = found.messages.at(-1);
    if (!found.hasMore || !newest) return added;
    after = newest.id;
  }
  return null;
}

/**
 * GET api/chat/comments as one growing log. The first fetch takes the newest page; every refetch (a
 * `chat-message` or `ready` event invalidates the key, or the window regains focus) asks only for what is
 * newer than the last message held (`after`), so a refetch costs one small call however long the chat is.
 */
export const chatLogQuery = (serviceRequestId: string) =>
  queryOptions({
    queryKey: chatKeys.log(serviceRequestId),
    queryFn: async ({ client, queryKey, signal }): Promise<ChatLog> => {
      const held = client.getQueryData<ChatLog>(queryKey);
      const last = held?.messages.at(-1);
      const added = last ? await catchUp(serviceRequestId, last.id, signal) : null;
      if (!held || !last || !added) {
        const page = await fetchPage({ serviceRequestId }, signal);
        return { messages: page.messages, hasOlder: page.hasMore };
      }
      // Older pages may have been prepended while this ran: merge with what is held now.
      const now = client.getQueryData<ChatLog>(queryKey) ?? held;
      return { messages: mergeMessages(now.messages, added), hasOlder: now.hasOlder };
    },
  });

function addToLog(
  client: QueryClient,
  serviceRequestId: string,
  messages: ChatMessage[],
  hasOlder?: boolean,
) {
  client.setQueryData<ChatLog>(chatKeys.log(serviceRequestId), (log) => ({
    messages: mergeMessages(log?.messages ?? [], messages),
    hasOlder: hasOlder ?? log?.hasOlder ?? false,
  }));
}

/** "Show older messages": the page before the first message held (`before`). */
export function useLoadOlderMessages(serviceRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (firstId: string) => fetchPage({ serviceRequestId, before: firstId }),
    onSuccess: (page) => addToLog(client, serviceRequestId, page.messages, page.hasMore),
  });
}

/**
 * POST api/chat/comment. The caller keeps `clientId` for the text until it is stored, so a retry after a lost
 * answer stores nothing twice (the server answers the stored message).
 */
export function useSendComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatCommentCreate) => callApi(chatEndpoints.postComment, { body }, { silent: true }),
    onSuccess: (message) => addToLog(client, message.serviceRequestId, [message]),
  });
}

export interface ChatFileSend {
  serviceRequestId: string;
  clientId: string;
  file: File;
  onProgress?: (loaded: number, total: number) => void;
}

/** POST api/chat/files: one file as a message, with upload progress; idempotent by `clientId` like a text. */
export function useSendChatFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceRequestId, clientId, file, onProgress }: ChatFileSend) => {
      const body = new FormData();
      body.append('serviceRequestId', serviceRequestId);
      body.append('clientId', clientId);
      body.append(UPLOAD_FILE_FIELD, file, file.name);
      return uploadTo(chatEndpoints.postFile, undefined, body, { silent: true, onProgress });
    },
    onSuccess: (message) => addToLog(client, message.serviceRequestId, [message]),
  });
}

/** PUT api/chat/comments/read: answers the reader's new unread summary (the route passes it on). */
export function useMarkChatRead(onUnread?: (unread: ChatUnread) => void) {
  return useMutation({
    mutationFn: (body: ChatRead) => callApi(chatEndpoints.markRead, { body }, { silent: true }),
    onSuccess: (unread) => onUnread?.(unread),
  });
}

/** The download address of a chat file (GET api/chat/files/{id}, always an attachment). */
export const chatFilePath = (fileId: string) => addressOf(chatEndpoints.file, { fileId });
