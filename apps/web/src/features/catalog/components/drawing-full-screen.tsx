import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardDrawing } from './card-drawing.tsx';
import classes from './drawing-full-screen.module.css';

type DrawingFullScreenProps = Omit<Parameters<typeof CardDrawing>[0], 'fit' | 'onFullScreen'> & {
  opened: boolean;
  onClose: () => void;
  /** The card's name, the dialog's title. */
  title: string;
};

/**
 * The drawing over the whole screen (a phone's only way to read a large sheet). Picking a number selects its
 * position and closes, so the list below shows that row.
 */
export function DrawingFullScreen({ opened, onClose, title, onSelect, ...drawing }: DrawingFullScreenProps) {
  const { t } = useTranslation('catalog');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={title}
      closeButtonProps={{ 'aria-label': t('card.full-screen-close') }}
      classNames={{ body: classes.body, title: classes.title }}
    >
      <CardDrawing
        {...drawing}
        fit
        onSelect={(positionNumber) => {
          onSelect(positionNumber);
          onClose();
        }}
      />
    </Modal>
  );
}
