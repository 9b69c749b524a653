import { UPLOAD_CONTENT_TYPES, UPLOAD_DEFAULT_LIMITS, UPLOAD_EXTENSIONS } from '@care/contract/files';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { chatKeys } from '../api.ts';
import { ChatPanel } from './chat-panel.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const limits = {
  ...UPLOAD_DEFAULT_LIMITS,
  contentTypes: UPLOAD_CONTENT_TYPES,
  extensions: UPLOAD_EXTENSIONS,
};
const emptyLog = {
  queryData: [[chatKeys.log('12'), { messages: [], hasOlder: false }]] as [readonly unknown[], unknown][],
};

describe('chat panel wording', () => {
  it("speaks of the service team on the customer's screen", async () => {
    await renderWithProviders(<ChatPanel serviceRequestId="12" limits={limits} />, emptyLog);
    expect(
      screen.getByText('Your conversation with the service team about this request appears here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the service team' })).toBeInTheDocument();
  });

  it("speaks of the customer on the staff's screen, never of the service team", async () => {
    const { container } = await renderWithProviders(
      <ChatPanel
        serviceRequestId="12"
        limits={limits}
        side="staff"
        composerLabel="Message to the customer"
      />,
      emptyLog,
    );
    expect(
      screen.getByText('Your conversation with the customer about this request appears here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the customer' })).toBeInTheDocument();
    expect(container).not.toHaveTextContent(/service team/);
  });
});
