import type { Attachment } from '@care/contract/service-requests';
import { useTranslation } from 'react-i18next';
import Lightbox, { type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Download from 'yet-another-react-lightbox/plugins/download';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { attachmentUrl, renditionUrl } from '../api.ts';

export interface AttachmentViewerProps {
  requestId: string;
  /** The photos and videos, in the grid's order. */
  attachments: readonly Attachment[];
  /** The one shown; -1 closes the viewer. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

function slideOf(requestId: string, attachment: Attachment): Slide {
  const download = { url: attachmentUrl(requestId, attachment.id), filename: attachment.name };
  if (attachment.contentType.startsWith('video/')) {
    return {
      type: 'video',
      sources: [{ src: download.url, type: attachment.contentType }],
      title: attachment.name,
      download,
    };
  }
  // The 1600 px picture (a HEIC photo converted); the original, as sent, is the download.
  return {
    src: renditionUrl(requestId, attachment.id, 'preview'),
    alt: attachment.name,
    title: attachment.name,
    download,
  };
}

/**
 * The full-screen viewer of a request's photos and videos (yet-another-react-lightbox, docs/decisions/067): arrows
 * and swipes go to the next or previous one, Escape closes, the wheel, a pinch or the buttons zoom, a video plays
 * in place, Download saves the original. A modal dialog: the page behind is inert while it is open.
 */
export function AttachmentViewer({
  requestId,
  attachments,
  index,
  onIndexChange,
  onClose,
}: AttachmentViewerProps) {
  const { t } = useTranslation('workshop');
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      slides={attachments.map((attachment) => slideOf(requestId, attachment))}
      plugins={[Captions, Counter, Download, Video, Zoom]}
      on={{ view: ({ index: shown }) => onIndexChange(shown) }}
      carousel={{ finite: attachments.length <= 2 }}
      controller={{ closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      video={{ controls: true, playsInline: true, preload: 'metadata' }}
      captions={{ descriptionTextAlign: 'center' }}
      // The title (the file's name) takes the top left; the counter goes to the bottom.
      counter={{ container: { style: { top: 'auto', bottom: 0 } } }}
      labels={{
        Lightbox: t('viewer.label'),
        Carousel: t('viewer.carousel'),
        Slide: t('viewer.slide'),
        'Photo gallery': t('viewer.carousel'),
        '{index} of {total}': t('viewer.position'),
        Previous: t('viewer.previous'),
        Next: t('viewer.next'),
        Close: t('viewer.close'),
        'Zoom in': t('viewer.zoom-in'),
        'Zoom out': t('viewer.zoom-out'),
        Download: t('viewer.download'),
        Caption: t('viewer.caption'),
      }}
    />
  );
}
