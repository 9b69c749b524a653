import type { Session } from '@care/contract/sessions';
import { Badge, Box, Button, Group, Text, ThemeIcon } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconDeviceTv,
  IconDevices,
  IconRobot,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';

const ICONS = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  tv: IconDeviceTv,
  bot: IconRobot,
} as const;

interface SessionRowProps {
  session: Session;
  onEnd: (session: Session) => void;
  ending: boolean;
  /** A line above it (every row but the first). */
  divided: boolean;
}

/** One signed-in device: what it is, its address, when it signed in and was last used; this one is marked. */
export function SessionRow({ session, onEnd, ending, divided }: SessionRowProps) {
  const { t } = useTranslation('layout');
  const Icon = session.deviceType ? ICONS[session.deviceType] : IconDevices;
  const device =
    session.browser && session.os
      ? t('sessions.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('sessions.unknown-device'));
  return (
    <Group
      component="li"
      justify="space-between"
      gap="sm"
      wrap="nowrap"
      py="xs"
      align="center"
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
        <ThemeIcon
          variant="light"
          color={session.current ? 'field' : 'gray'}
          size={36}
          radius="md"
          aria-hidden
        >
          <Icon size={20} stroke={1.75} />
        </ThemeIcon>
        <Box miw={0}>
          <Group gap={8} wrap="wrap">
            <Text fw={600} size="sm">
              {device}
            </Text>
            {session.current ? (
              <Badge variant="light" color="field" size="sm">
                {t('sessions.this-device')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('sessions.place', { ip: session.ip ?? '—' })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('sessions.times', {
              signedIn: formatDateTime(session.signedInAt),
              lastUsed: formatDateTime(session.lastUsedAt),
            })}
          </Text>
        </Box>
      </Group>
      {session.current ? null : (
        <Button
          variant="default"
          size="compact-sm"
          h={36}
          loading={ending}
          style={{ flexShrink: 0 }}
          aria-label={t('sessions.end-one', { device })}
          onClick={() => onEnd(session)}
        >
          {t('sessions.end')}
        </Button>
      )}
    </Group>
  );
}
