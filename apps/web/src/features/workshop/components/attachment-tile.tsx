import type { Attachment } from '@care/contract/service-requests';
import { hasRendition } from '@care/contract/workshop';
import { Text, UnstyledButton } from '@mantine/core';
import { IconFileText, IconPhotoOff, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentUrl, renditionUrl } from '../api.ts';
import classes from './attachment-gallery.module.css';

interface AttachmentTileProps {
  /** The element id the gallery gives focus back to when the viewer closes. */
  id: string;
  requestId: string;
  attachment: Attachment;
  /** Opens the viewer on this attachment. */
  onOpen: () => void;
  /** The server could make no picture of the image: the tile becomes its download. */
  onNoPicture: () => void;
}

/** An icon and the file's name: a document, a video, an image no picture could be made of. */
function IconTile({ icon: Icon, name }: { icon: typeof IconFileText; name: string }) {
  return (
    <span className={classes.iconTile}>
      <Icon size={28} aria-hidden />
      <Text component="span" size="xs" lineClamp={2} className={classes.name}>
        {name}
      </Text>
    </span>
  );
}

/** One attachment in the grid: a photo's thumbnail or an icon; a photo or a video opens the viewer. */
export function AttachmentTile({ id, requestId, attachment, onOpen, onNoPicture }: AttachmentTileProps) {
  const { t } = useTranslation('workshop');
  const [broken, setBroken] = useState(false);
  const isVideo = attachment.contentType.startsWith('video/');
  const isPicture = hasRendition(attachment.contentType) && !broken;
  if (!isPicture && !isVideo) {
    return (
      <a
        id={id}
        className={classes.tile}
        href={attachmentUrl(requestId, attachment.id)}
        download={attachment.name}
        title={t('gallery.download', { name: attachment.name })}
      >
        <IconTile icon={broken ? IconPhotoOff : IconFileText} name={attachment.name} />
      </a>
    );
  }
  return (
    <UnstyledButton
      id={id}
      className={classes.tile}
      onClick={onOpen}
      aria-label={t(isVideo ? 'gallery.play' : 'gallery.open', { name: attachment.name })}
      title={attachment.name}
    >
      {isVideo ? (
        <IconTile icon={IconPlayerPlayFilled} name={attachment.name} />
      ) : (
        <img
          className={classes.thumbnail}
          src={renditionUrl(requestId, attachment.id, 'thumbnail')}
          alt={attachment.name}
          loading="lazy"
          decoding="async"
          onError={() => {
            setBroken(true);
            onNoPicture();
          }}
        />
      )}
    </UnstyledButton>
  );
}
