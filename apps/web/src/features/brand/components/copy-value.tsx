import { ActionIcon, Anchor, CopyButton, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '#app/components/overlays/deferred-tooltip.tsx';
import classes from './copy-value.module.css';

/** SPEC §9: the "copied" feedback lasts 500 ms. */
export const COPY_FEEDBACK_MS = 500;

/** `tel:` wants the digits and the leading plus only. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

interface CopyValueProps {
  /** What is shown and copied, e.g. the service phone number. */
  value: string;
  /** Where the value leads when clicked (`tel:`, `mailto:`). */
  href: string;
  /** A short caption above the value, e.g. "Service phone". */
  caption: string;
  /** The copy button's prompt, e.g. "Copy the phone number". */
  copyLabel: string;
  icon: ReactNode;
}

/** A contact value with a copy-to-clipboard button whose tooltip switches to the copied confirmation (SPEC §2). */
export function CopyValue({ value, href, caption, copyLabel, icon }: CopyValueProps) {
  const { t } = useTranslation('common');
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden visibleFrom="xs">
        {icon}
      </ThemeIcon>
      {/* The caption is part of the link: a 40 px target, and a name that says what the number is. */}
      <Anchor href={href} underline="never" className={classes.link}>
        <Text component="span" display="block" fz="xs" c="dimmed" lh={1.3}>
          {caption}
        </Text>
        <Text component="span" display="block" fz="sm" fw={600} lh={1.4} className={classes.value}>
          {value}
        </Text>
      </Anchor>
      <CopyButton value={value} timeout={COPY_FEEDBACK_MS}>
        {({ copied, copy }) => (
          <>
            <DeferredTooltip
              label={copied ? t('copy.copied') : copyLabel}
              withArrow
              position="top"
              events={{ hover: true, focus: true, touch: false }}
            >
              <ActionIcon
                variant={copied ? 'filled' : 'subtle'}
                color={copied ? 'field' : 'gray'}
                size={40}
                onClick={copy}
                aria-label={copied ? t('copy.copied') : copyLabel}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </DeferredTooltip>
            <VisuallyHidden role="status">{copied ? t('copy.copied-value', { value }) : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
    </Group>
  );
}
