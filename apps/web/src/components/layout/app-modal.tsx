import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface AppModalProps extends Pick<
  ModalRootProps,
  'opened' | 'onClose' | 'size' | 'centered' | 'fullScreen'
> {
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}

/**
 * Mantine's Modal with its header as a <div>: Mantine renders a <header>, which axe counts as a second
 * banner landmark beside the page header while the dialog is open.
 */
export function AppModal({ title, closeLabel, children, ...root }: AppModalProps) {
  return (
    <Modal.Root {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} size={40} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
