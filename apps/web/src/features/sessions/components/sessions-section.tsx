import type { Session } from '@care/contract/sessions';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconDevices, IconLogout2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { notify } from '#app/lib/notify.ts';
import { sessionsQuery, useEndOtherSessions, useEndSession } from '../api.ts';
import { SessionRow } from './session-row.tsx';

/**
 * Settings section "Where you are signed in" (customers and staff alike): every active session with its device,
 * address and times; any other can be ended, or all others at once (ASVS 7.5.2).
 */
export function SessionsSection() {
  const { t } = useTranslation('layout');
  const sessions = useQuery(sessionsQuery);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;

  const end = (session: Session) =>
    endOne.mutate(session.id, {
      onSuccess: () => notify('SUCCESS', { title: t('sessions.title'), message: t('sessions.ended') }),
    });
  const endAll = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notify('SUCCESS', {
          title: t('sessions.title'),
          message: t('sessions.ended-others', { count: ended }),
        }),
    });

  return (
    <SectionCard icon={IconDevices} title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isPending ? (
        <Loader size="sm" role="status" aria-label={t('sessions.loading')} />
      ) : (
        <Stack gap="sm">
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('sessions.title')}
          >
            {list.map((session, index) => (
              <SessionRow
                key={session.id}
                session={session}
                divided={index > 0}
                onEnd={end}
                ending={endOne.isPending && endOne.variables === session.id}
              />
            ))}
          </Stack>
          {others === 0 ? (
            <Text size="sm" c="dimmed">
              {t('sessions.only-this')}
            </Text>
          ) : (
            <Button
              variant="light"
              color="red"
              h={40}
              leftSection={<IconLogout2 size={18} aria-hidden />}
              loading={endOthers.isPending}
              onClick={endAll}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('sessions.end-others', { count: others })}
            </Button>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
