import { OFFER_REQUEST_LIMITS, type OfferRequestDetails } from '@care/contract/offers';
import { Anchor, Box, Button, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceipt, IconSend, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { paths } from '#app/config/paths.ts';
import { ApiRequestError, fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { useSendCart } from '../api.ts';
import { useCartDialog } from '../cart-dialog-store.ts';
import { useCartStore } from '../cart-store.ts';
import { CartAttachments } from './cart-attachments.tsx';
import { CartLine } from './cart-line.tsx';

interface CartDialogProps {
  /** After a successful send (the cart is already empty): e.g. refresh the offer request lists. */
  onSent?: (sent: OfferRequestDetails) => void;
}

/** The upload refusals (lib/upload.ts); their translated text tells the customer what to change. */
const FILE_ERRORS = new Set([
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_EMPTY',
  'TOO_MANY_FILES',
  'REQUEST_TOO_LARGE',
]);

/** The ids of the lines the server refused as unknown parts (`items.<n>.id` field errors). */
function unknownLines(error: unknown, ids: readonly string[]): string[] {
  return fieldErrorsOf(error).flatMap((field) => {
    const index = /^items\.(\d+)\.id$/.exec(field.path)?.[1];
    const id = index === undefined ? undefined : ids[Number(index)];
    return id === undefined ? [] : [id];
  });
}

/**
 * SPEC §2/§4 cart dialog (width 700; full screen on phones): the lines, a note to parts sales, 'clear' after a
 * confirmation and 'send'. A send empties the cart and closes the dialog; a failure leaves the cart as it was.
 */
export function CartDialog({ onSent }: CartDialogProps) {
  const { t } = useTranslation('cart');
  const opened = useCartDialog((state) => state.opened);
  const close = useCartDialog((state) => state.close);
  const items = useCartStore((state) => state.items);
  const note = useCartStore((state) => state.note);
  const setNote = useCartStore((state) => state.setNote);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [unavailable, setUnavailable] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const send = useSendCart({
    onSent: (sent) => {
      close();
      setUnavailable([]);
      setFiles([]);
      notify('SUCCESS', {
        title: t('send.success-title'),
        message: t('send.success', { number: sent.number }),
      });
      onSent?.(sent);
    },
  });

  const submit = () => {
    const ids = items.map((item) => item.id);
    setProgress(0);
    send.mutate(
      { files, onProgress: setProgress },
      {
        onError: (error) => {
          setUnavailable(unknownLines(error, ids));
          // A refused file says which rule it broke (translated by the API client); anything else is SPEC §8's.
          const code = error instanceof ApiRequestError ? error.body?.code : undefined;
          const fileProblem = code !== undefined && FILE_ERRORS.has(code);
          notify('ERROR', {
            title: t('send.error-title'),
            message: fileProblem ? `${t('send.error')} ${error.message}` : t('send.error'),
          });
        },
      },
    );
  };
  const clear = () => {
    useCartStore.getState().clear();
    setConfirmingClear(false);
    setUnavailable([]);
    setFiles([]);
  };
  const empty = items.length === 0;
  const attach = (chosen: File[]) => {
    setFiles(chosen);
    // Other files are another send: a retry keeps its clientId only for the very same cart.
    useCartStore.setState({ clientId: null });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('title')}
      size={700}
      fullScreen={isPhone}
      closeLabel={t('close')}
    >
      {empty ? (
        <EmptyState icon={IconShoppingCart} title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <Stack gap="md">
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('lines')}>
            {items.map((item) => (
              <CartLine key={item.id} item={item} unavailable={unavailable.includes(item.id)} />
            ))}
          </Stack>
          <Textarea
            label={t('note.label')}
            description={t('note.description')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={OFFER_REQUEST_LIMITS.note}
            autosize
            minRows={2}
            maxRows={6}
          />
          <CartAttachments files={files} onChange={attach} disabled={send.isPending} />
          {send.isPending && files.length > 0 ? (
            <Progress value={progress * 100} aria-label={t('attachments.progress')} size="sm" />
          ) : null}
        </Stack>
      )}
      {/* On a phone the dialog is the whole screen: the buttons stay in reach below a long cart. */}
      <Box
        pos="sticky"
        bottom={0}
        mt="lg"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {confirmingClear ? (
          <Group justify="space-between" gap="sm" wrap="wrap" role="group" aria-label={t('clear.confirm')}>
            <Text fw={600}>{t('clear.confirm')}</Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => setConfirmingClear(false)} h={40}>
                {t('clear.cancel')}
              </Button>
              <Button color="red" onClick={clear} h={40} data-autofocus>
                {t('clear.yes')}
              </Button>
            </Group>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setConfirmingClear(true)}
              disabled={empty || send.isPending}
              h={40}
            >
              {t('clear.button')}
            </Button>
            <Button
              leftSection={<IconSend size={18} aria-hidden />}
              onClick={submit}
              disabled={empty}
              loading={send.isPending}
              h={40}
            >
              {t('send.button')}
            </Button>
          </Group>
        )}
        <Group justify="center" mt="xs">
          <Anchor component={Link} to={paths.offerRequests} onClick={close} size="sm">
            <Group gap={6} wrap="nowrap" component="span">
              <IconReceipt size={16} aria-hidden />
              {t('sent-requests')}
            </Group>
          </Anchor>
        </Group>
      </Box>
    </AppModal>
  );
}
