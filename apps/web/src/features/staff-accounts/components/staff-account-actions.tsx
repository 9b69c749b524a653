import { STAFF_ROLES, type StaffAccount, type StaffRole } from '@care/contract/staff-accounts';
import { ActionIcon, Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconLogout,
  IconMailForward,
  IconUserCheck,
  IconUserCog,
  IconUserOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { notify } from '#app/lib/notify.ts';
import { type StaffAccountAction, useStaffAccountChange } from '../api.ts';

type Change = { role: StaffRole } | { action: StaffAccountAction };

/** The translation key of a change: every role change reads alike. */
const kindOf = (change: Change) => ('role' in change ? 'role' : change.action);

/**
 * The changes an admin can make to one account, in a menu (arrow keys, Enter, Escape); each asks for a
 * confirmation that names the person and what happens, since most of them end someone's work session.
 */
export function StaffAccountActions({ account }: { account: StaffAccount }) {
  const { t } = useTranslation(['staff-accounts', 'common']);
  const [pending, setPending] = useState<Change | null>(null);
  const change = useStaffAccountChange(account.id);
  const name = `${account.firstName} ${account.lastName}`;

  const confirm = () => {
    if (!pending) return;
    change.mutate(pending, {
      onSuccess: () => {
        notify('SUCCESS', { message: t(`done.${kindOf(pending)}`, { name }) });
        setPending(null);
      },
      onError: () => setPending(null),
    });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size={40} aria-label={t('actions.menu', { name })}>
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('actions.change-role')}</Menu.Label>
          {STAFF_ROLES.filter((role) => role !== account.role).map((role) => (
            <Menu.Item
              key={role}
              leftSection={<IconUserCog size={16} aria-hidden />}
              onClick={() => setPending({ role })}
            >
              {t('actions.make-role', { role: t(`role.${role}`) })}
            </Menu.Item>
          ))}
          <Menu.Divider />
          {account.status === 'disabled' ? (
            <Menu.Item
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => setPending({ action: 'enable' })}
            >
              {t('actions.enable')}
            </Menu.Item>
          ) : (
            <>
              <Menu.Item
                leftSection={<IconMailForward size={16} aria-hidden />}
                onClick={() => setPending({ action: 'set-password-link' })}
              >
                {t('actions.set-password-link')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => setPending({ action: 'sign-out' })}
              >
                {t('actions.sign-out')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => setPending({ action: 'disable' })}
              >
                {t('actions.disable')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <AppModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? t(`confirm.${kindOf(pending)}.title`) : ''}
        closeLabel={t('common:actions.close')}
        centered
      >
        <Stack gap="lg">
          <Text>
            {pending
              ? t(`confirm.${kindOf(pending)}.text`, {
                  name,
                  email: account.email,
                  role: 'role' in pending ? t(`role.${pending.role}`) : '',
                })
              : null}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color={pending && 'action' in pending && pending.action === 'disable' ? 'red.9' : undefined}
              loading={change.isPending}
              onClick={confirm}
              data-autofocus
            >
              {t('confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
