import type { FileMetadata } from '@care/contract/files';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '#app/config/runtime-config.ts';
import { formatFileSize } from '#app/lib/upload.ts';

interface OfferAttachmentsProps {
  attachments: readonly FileMetadata[];
  /** The API path of a file (the customer's or the staff's download route). */
  pathOf: (fileId: string) => string;
}

/** The files the customer sent with the cart, as downloads (the server always answers them as attachments). */
export function OfferAttachments({ attachments, pathOf }: OfferAttachmentsProps) {
  const { t, i18n } = useTranslation('cart');
  if (attachments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('offers.no-attachments')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {attachments.map((file) => (
        <Group component="li" key={file.id} gap={6} wrap="nowrap" align="flex-start">
          <IconDownload size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
          <div style={{ minWidth: 0 }}>
            <Anchor
              href={apiUrl(pathOf(file.id))}
              download={file.name}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {file.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.sizeBytes, i18n.language)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
