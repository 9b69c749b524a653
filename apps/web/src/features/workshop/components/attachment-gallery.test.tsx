import type { Attachment } from '@care/contract/service-requests';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { AttachmentGallery } from './attachment-gallery.tsx';

const attachment = (id: string, name: string, contentType: string): Attachment => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  contentType,
  sizeBytes: 1000,
  addedAt: '2026-05-04T08:15:00.000Z',
  addedBy: 'Jan Kowalski',
  addedByStaff: false,
  isInitial: true,
});

const ATTACHMENTS = [
  attachment('1', 'przekładnia.jpg', 'image/jpeg'),
  attachment('2', 'IMG_0042.HEIC', 'image/heic'),
  attachment('3', 'faktura.pdf', 'application/pdf'),
  attachment('4', 'film.mp4', 'video/mp4'),
];

/** The viewer's counter ("2 / 3"; screen readers get the current slide's label "2 of 3"). */
const shown = (dialog: HTMLElement) => dialog.querySelector('.yarl__counter')?.textContent;

describe('AttachmentGallery', () => {
  it('shows photos as thumbnails (HEIC too), a document as a download and a video as a play tile', async () => {
    renderWithProviders(<AttachmentGallery requestId="12" attachments={ATTACHMENTS} />);
    const grid = await screen.findByRole('list', { name: 'Photos and files of the request' });
    const heic = within(grid).getByRole('img', { name: 'IMG_0042.HEIC' });
    expect(heic.getAttribute('src')).toBe(
      '/api/service-requests/12/attachments/00000000-0000-4000-8000-000000000002/thumbnail',
    );
    expect(
      within(grid)
        .getByRole('link', { name: /faktura\.pdf/ })
        .getAttribute('href'),
    ).toBe('/api/service-requests/12/attachments/00000000-0000-4000-8000-000000000003');
    expect(within(grid).getByRole('button', { name: 'Play video film.mp4' })).toBeInTheDocument();
  });

  it('opens the viewer on a photo; arrows go to the next and previous, Escape closes and gives focus back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AttachmentGallery requestId="12" attachments={ATTACHMENTS} />);
    const tile = await screen.findByRole('button', { name: 'Open photo IMG_0042.HEIC' });
    await user.click(tile);
    const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
    // The viewer holds the photos and the video (not the PDF): the HEIC photo is the 2nd of 3.
    expect(shown(dialog)).toBe('2 / 3');
    const preview = within(dialog).getAllByRole('img', { name: 'IMG_0042.HEIC' })[0]!;
    expect(preview.getAttribute('src')).toMatch(/000000000002\/preview$/);
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(shown(dialog)).toBe('3 / 3'));
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(shown(dialog)).toBe('1 / 3'));
    expect(within(dialog).getByRole('button', { name: 'Download the original' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the tile of the photo last shown.
    expect(screen.getByRole('button', { name: 'Open photo przekładnia.jpg' })).toHaveFocus();
  });

  it('turns a photo the server could make no picture of into a download', async () => {
    renderWithProviders(<AttachmentGallery requestId="12" attachments={ATTACHMENTS} />);
    const image = await screen.findByRole('img', { name: 'przekładnia.jpg' });
    fireEvent.error(image);
    const link = await screen.findByRole('link', { name: /przekładnia\.jpg/ });
    expect(link.getAttribute('href')).toBe(
      '/api/service-requests/12/attachments/00000000-0000-4000-8000-000000000001',
    );
  });
});
