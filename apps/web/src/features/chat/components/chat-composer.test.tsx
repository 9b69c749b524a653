import { UPLOAD_DEFAULT_LIMITS, UPLOAD_CONTENT_TYPES, UPLOAD_EXTENSIONS } from '@care/contract/files';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { chatKeys, type ChatLog } from '../api.ts';
import { useChatComposer } from '../use-chat-composer.ts';
import { ChatComposer } from './chat-composer.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const limits = {
  ...UPLOAD_DEFAULT_LIMITS,
  contentTypes: UPLOAD_CONTENT_TYPES,
  extensions: UPLOAD_EXTENSIONS,
};

function Composer() {
  const composer = useChatComposer('12', limits);
  return <ChatComposer composer={composer} limits={limits} />;
}

/** The staff composer: notes allowed, and a tool that inserts a text as the canned-reply picker does. */
function StaffComposer() {
  const composer = useChatComposer('12', limits);
  return (
    <ChatComposer
      composer={composer}
      limits={limits}
      allowNotes
      tools={
        <button type="button" onClick={() => composer.insertText('Części są zamówione.')}>
          Insert
        </button>
      }
    />
  );
}

const stored = (clientId: string, body: string, internal = false) => ({
  id: '501',
  serviceRequestId: '12',
  author: { displayName: 'Jan Kowalski', isStaff: false, isMe: true },
  body,
  file: null,
  clientId,
  internal,
  createdAt: '2026-05-04T08:15:00.000Z',
});

describe('chat composer', () => {
  it('keeps the text of a message that failed to send and retries it with the same clientId', async () => {
    let calls = 0;
    api.reset((request) => {
      calls += 1;
      if (calls === 1) return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } };
      const { clientId, body } = request.body as { clientId: string; body: string };
      return { status: 200, body: stored(clientId, body) };
    });
    const { queryClient } = await renderWithProviders(<Composer />);

    const box = screen.getByRole('textbox', { name: 'Message to the service team' });
    await userEvent.click(box);
    await userEvent.paste('The baler knots loosely.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(/^Not sent: The service is temporarily unavailable/)).toBeInTheDocument();
    expect(box).toHaveValue('The baler knots loosely.');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByText(/^Not sent/)).not.toBeInTheDocument();

    const [first, second] = api.state.requests.map((r) => r.body as { clientId: string; body: string });
    expect(api.state.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/chat/comment',
      'POST /api/chat/comment',
    ]);
    expect(first!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toEqual(first);
    // The stored message joins the chat log at once.
    expect(queryClient.getQueryData<ChatLog>(chatKeys.log('12'))?.messages.map((m) => m.id)).toEqual(['501']);
  });

  it('a message over the per-minute quota stays in the box with words saying to wait a minute', async () => {
    api.reset(() => ({ status: 429, body: { code: 'TOO_MANY_MESSAGES', message: 'Too many' } }));
    await renderWithProviders(<Composer />);
    const box = screen.getByRole('textbox', { name: 'Message to the service team' });
    await userEvent.click(box);
    await userEvent.paste('The baler knots loosely.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Not sent: You have sent many messages in a short time. Please wait a minute and send again – what you wrote is kept.',
      ),
    ).toBeInTheDocument();
    expect(box).toHaveValue('The baler knots loosely.');
  });

  it('sends an edited text after a failure as a new message (a new clientId)', async () => {
    let calls = 0;
    api.reset((request) => {
      calls += 1;
      if (calls === 1) return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } };
      const { clientId, body } = request.body as { clientId: string; body: string };
      return { status: 201, body: stored(clientId, body) };
    });
    await renderWithProviders(<Composer />);
    const box = screen.getByRole('textbox', { name: 'Message to the service team' });
    await userEvent.click(box);
    await userEvent.paste('Knots');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/^Not sent/);
    await userEvent.click(box);
    await userEvent.paste(' are loose.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    const [first, second] = api.state.requests.map((r) => r.body as { clientId: string; body: string });
    expect(second!.body).toBe('Knots are loose.');
    expect(second!.clientId).not.toBe(first!.clientId);
  });

  it('refuses a file of a type the server does not accept before sending anything', async () => {
    api.reset(() => ({ status: 500 }));
    await renderWithProviders(<Composer />);
    const input = screen.getByLabelText('Files for the chat');
    await userEvent.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('setup.exe: this file type is not accepted.')).toBeInTheDocument();
    expect(api.state.requests).toEqual([]);
  });

  it('names a file the server refuses by its bytes with the reason, drops it and still sends the others', async () => {
    api.reset((request) => {
      const body = String(request.body);
      if (body.includes('filename="fake.jpg"')) {
        return { status: 415, body: { code: 'FILE_TYPE_NOT_ALLOWED', message: 'not a type we accept' } };
      }
      const clientId = /name="clientId"\r\n\r\n([^\r]+)/.exec(body)?.[1] ?? null;
      return {
        status: 201,
        body: {
          ...stored(clientId ?? '', ''),
          body: null,
          file: {
            id: '3f1b6a2e-8d5c-4a7e-9b1f-2c3d4e5f6a7b',
            name: 'plate.pdf',
            contentType: 'application/pdf',
            sizeBytes: 9,
          },
        },
      };
    });
    await renderWithProviders(<Composer />);
    await userEvent.upload(screen.getByLabelText('Files for the chat'), [
      new File(['not a jpeg'], 'fake.jpg', { type: 'image/jpeg' }),
      new File(['%PDF-1.7'], 'plate.pdf', { type: 'application/pdf' }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    // The same words as the browser's own check: the file's name and why.
    const reasons = await screen.findAllByText('fake.jpg: this file type is not accepted.');
    expect(reasons.length).toBeGreaterThan(0);
    const posts = () => api.state.requests.filter((request) => request.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/^Not sent/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('staff switch to an internal note with the keyboard: it is sent as internal and offers no files', async () => {
    api.reset((request) => {
      const { clientId, body, internal } = request.body as {
        clientId: string;
        body: string;
        internal: boolean;
      };
      return { status: 201, body: stored(clientId, body, internal) };
    });
    await renderWithProviders(<StaffComposer />);
    expect(screen.getByLabelText('Files for the chat')).toBeInTheDocument();

    // The switch is a radio group: focus its checked option, an arrow key moves to the note.
    await userEvent.click(screen.getByRole('radio', { name: 'Reply' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Internal note' })).toBeChecked();
    expect(screen.queryByLabelText('Files for the chat')).not.toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Internal note (only the service team sees it)' });
    await userEvent.click(box);
    await userEvent.paste('Klient prosi o rabat.');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.state.requests.map((r) => r.body)).toEqual([
      expect.objectContaining({ body: 'Klient prosi o rabat.', internal: true }),
    ]);
  });

  it('a reply is sent as not internal, and an inserted canned text joins what is written', async () => {
    api.reset((request) => {
      const { clientId, body } = request.body as { clientId: string; body: string };
      return { status: 201, body: stored(clientId, body) };
    });
    await renderWithProviders(<StaffComposer />);
    const box = screen.getByRole('textbox', { name: 'Message to the service team' });
    await userEvent.click(box);
    await userEvent.paste('Dzień dobry,');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(box).toHaveValue('Dzień dobry,\n\nCzęści są zamówione.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.state.requests.map((r) => r.body)).toEqual([
      expect.objectContaining({ body: 'Dzień dobry,\n\nCzęści są zamówione.', internal: false }),
    ]);
  });
});
