import { Group, SegmentedControl } from '@mantine/core';
import { IconLock, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ComposerMode as Mode } from '../use-chat-composer.ts';

interface ComposerModeProps {
  mode: Mode;
  onChange: (mode: Mode) => void;
  disabled?: boolean;
}

/**
 * Reply or internal note (issue 18): a radio group (arrow keys move between the two), so which one is being
 * written is always in view above the message box.
 */
export function ComposerMode({ mode, onChange, disabled }: ComposerModeProps) {
  const { t } = useTranslation('services');
  return (
    <SegmentedControl
      aria-label={t('chat.composer.mode')}
      size="xs"
      value={mode}
      onChange={(value) => onChange(value === 'note' ? 'note' : 'reply')}
      disabled={disabled}
      color={mode === 'note' ? 'yellow' : undefined}
      autoContrast
      data={[
        {
          value: 'reply',
          label: (
            <Group gap={6} wrap="nowrap" justify="center">
              <IconMessage size={14} aria-hidden />
              {t('chat.composer.mode-reply')}
            </Group>
          ),
        },
        {
          value: 'note',
          label: (
            <Group gap={6} wrap="nowrap" justify="center">
              <IconLock size={14} aria-hidden />
              {t('chat.composer.mode-note')}
            </Group>
          ),
        },
      ]}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
