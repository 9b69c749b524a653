import { UPLOAD_CONTENT_TYPES, UPLOAD_DEFAULT_LIMITS, UPLOAD_EXTENSIONS } from '@care/contract/files';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { progressOfFiles, useUploadQueue, type ProgressReporter } from '../use-upload-queue.ts';
import { UploadField } from './upload-field.tsx';

const limits = {
  ...UPLOAD_DEFAULT_LIMITS,
  maxFiles: 3,
  contentTypes: UPLOAD_CONTENT_TYPES,
  extensions: UPLOAD_EXTENSIONS,
};

/** One upload the test finishes by hand: its progress reporter, and success or failure. */
interface PendingSend {
  file: File;
  onProgress: ProgressReporter;
  resolve: () => void;
  reject: (error: Error) => void;
}

function setup() {
  const sends: PendingSend[] = [];
  const send = (file: File, onProgress: ProgressReporter) =>
    new Promise<void>((resolve, reject) => sends.push({ file, onProgress, resolve, reject }));
  function Harness() {
    const queue = useUploadQueue(limits);
    return (
      <>
        <UploadField
          queue={queue}
          limits={limits}
          label="Attachments"
          onRetry={(key) => void queue.sendEach(send, key)}
        />
        <button type="button" onClick={() => void queue.sendEach(send)}>
          Send files
        </button>
      </>
    );
  }
  return { sends, Harness };
}

const photo = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const item = (name: string) => screen.getByText(name).closest('li')!;

describe('upload field and queue', () => {
  it('shows the limits before anything is picked', async () => {
    const { Harness } = setup();
    await renderWithProviders(<Harness />);
    expect(
      screen.getByText(
        'Accepted: JPG, PNG, WEBP, HEIC, HEIF, PDF, MP4. Up to 20 MB per file and 100 MB in total; maximum number of files: 3.',
      ),
    ).toBeInTheDocument();
  });

  it('shows one progress bar per file and keeps a failed file with a retry that sends the same file', async () => {
    const { sends, Harness } = setup();
    await renderWithProviders(<Harness />);
    const first = photo('baler-front.jpg');
    const second = photo('rating-plate.jpg');
    await userEvent.upload(screen.getByLabelText('Files to upload'), [first, second]);
    expect(within(item('baler-front.jpg')).getByText(/Ready to send/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send files' }));
    expect(sends.map((s) => s.file)).toEqual([first]);
    act(() => sends[0]!.onProgress(512, 2048));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of baler-front.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(within(item('baler-front.jpg')).getByText(/Sending… 25 %/)).toBeInTheDocument();

    // The first file arrives and leaves the queue; the second fails on the way.
    await act(async () => sends[0]!.resolve());
    expect(screen.queryByText('baler-front.jpg')).not.toBeInTheDocument();
    expect(sends.map((s) => s.file)).toEqual([first, second]);
    act(() => sends[1]!.onProgress(1024, 2048));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of rating-plate.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await act(async () => sends[1]!.reject(new Error('Could not connect to the server.')));

    const failed = item('rating-plate.jpg');
    expect(within(failed).getByText(/Not sent – Could not connect to the server\./)).toBeInTheDocument();
    expect(within(failed).queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.click(within(failed).getByRole('button', { name: 'Retry sending rating-plate.jpg' }));
    expect(sends).toHaveLength(3);
    expect(sends[2]!.file).toBe(second);
    await act(async () => sends[2]!.resolve());
    expect(screen.queryByText('rating-plate.jpg')).not.toBeInTheDocument();
  });

  it('refuses files over the limits with the reason and keeps the others', async () => {
    const { Harness } = setup();
    await renderWithProviders(<Harness />);
    const files = [
      photo('a.jpg'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      new File([], 'empty.png', { type: 'image/png' }),
      photo('b.jpg'),
      photo('c.jpg'),
      photo('d.jpg'),
    ];
    await userEvent.upload(screen.getByLabelText('Files to upload'), files, { applyAccept: false });
    expect(screen.getByText('notes.txt: this file type is not accepted.')).toBeInTheDocument();
    expect(screen.getByText('empty.png is empty.')).toBeInTheDocument();
    expect(screen.getByText('d.jpg: the limit of 3 files is reached.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Selected files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('a.jpg'),
      expect.stringContaining('b.jpg'),
      expect.stringContaining('c.jpg'),
    ]);
  });

  it('splits the progress of one multipart body over its files in order', () => {
    expect(progressOfFiles([100, 300], 0, 440)).toEqual([0, 0]);
    expect(progressOfFiles([100, 300], 110, 440)).toEqual([1, 0]);
    expect(progressOfFiles([100, 300], 275, 440)).toEqual([1, 0.5]);
    expect(progressOfFiles([100, 300], 440, 440)).toEqual([1, 1]);
  });
});
