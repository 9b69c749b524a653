import type { Attachment } from '@care/contract/service-requests';
import { hasRendition } from '@care/contract/workshop';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentTile } from './attachment-tile.tsx';
import classes from './attachment-gallery.module.css';

// The viewer's code loads when a photo is first opened, not with the page.
const AttachmentViewer = lazy(() =>
  import('./attachment-viewer.tsx').then((module) => ({ default: module.AttachmentViewer })),
);

const tileId = (fileId: string) => `attachment-tile-${fileId}`;

const isViewable = (attachment: Attachment) =>
  hasRendition(attachment.contentType) || attachment.contentType.startsWith('video/');

/**
 * A request's attachments as a grid of thumbnails (issue 18): photos (HEIC too) as pictures, videos and documents
 * as icons. A photo or a video opens the viewer on it; a document or an image the server could make no picture of
 * is a download. The table of names, dates and senders stays below it.
 */
export function AttachmentGallery({
  requestId,
  attachments,
}: {
  requestId: string;
  attachments: readonly Attachment[];
}) {
  const { t } = useTranslation('workshop');
  const [noPicture, setNoPicture] = useState<ReadonlySet<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const returnFocusTo = useRef<string | null>(null);
  // Back to the tile of the photo last shown, once the viewer is gone (the page is inert while it is open).
  useEffect(() => {
    if (openId !== null || !returnFocusTo.current) return;
    document.getElementById(tileId(returnFocusTo.current))?.focus();
    returnFocusTo.current = null;
  }, [openId]);
  if (attachments.length === 0) return null;
  const viewable = attachments.filter((a) => isViewable(a) && !noPicture.has(a.id));
  const index = viewable.findIndex((a) => a.id === openId);

  return (
    <>
      <ul className={classes.grid} aria-label={t('gallery.label')}>
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <AttachmentTile
              id={tileId(attachment.id)}
              requestId={requestId}
              attachment={attachment}
              onOpen={() => setOpenId(attachment.id)}
              onNoPicture={() => setNoPicture((ids) => new Set(ids).add(attachment.id))}
            />
          </li>
        ))}
      </ul>
      {openId ? (
        <Suspense fallback={null}>
          <AttachmentViewer
            requestId={requestId}
            attachments={viewable}
            index={index}
            onIndexChange={(shown) => setOpenId(viewable[shown]?.id ?? null)}
            onClose={() => {
              returnFocusTo.current = openId;
              setOpenId(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
