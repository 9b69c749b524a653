import { type CannedReply, CANNED_REPLY_LIMITS, CannedReplyInputSchema } from '@care/contract/canned-replies';
import type { CannedReplyInput } from '@care/contract/canned-replies';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

interface CannedReplyFormProps {
  /** The reply to change, or null for a new one. */
  reply: CannedReply | null;
  pending: boolean;
  onSubmit: (data: CannedReplyInput) => void;
  onCancel: () => void;
}

/** A canned reply's title and its three texts (Polish required; an empty translation falls back to Polish). */
export function CannedReplyForm({ reply, pending, onSubmit, onCancel }: CannedReplyFormProps) {
  const { t } = useTranslation('staff');
  const form = useZodForm(CannedReplyInputSchema, {
    title: reply?.title ?? '',
    textPl: reply?.texts.pl ?? '',
    textEn: reply?.texts.en ?? '',
    textDe: reply?.texts.de ?? '',
  });
  const text = (field: 'textPl' | 'textEn' | 'textDe', label: string, required: boolean) => (
    <Textarea
      label={label}
      description={required ? undefined : t('canned.fields.optional')}
      required={required}
      autosize
      minRows={3}
      maxRows={10}
      maxLength={CANNED_REPLY_LIMITS.textMaxLength}
      name={field}
      value={form.values[field]}
      error={form.errorOf(field)}
      onChange={(event) => form.setFieldValue(field, event.currentTarget.value)}
    />
  );

  return (
    <form noValidate onSubmit={form.onSubmit(() => onSubmit(form.values))}>
      <Stack gap="sm">
        <TextInput
          label={t('canned.fields.title')}
          required
          data-autofocus
          maxLength={CANNED_REPLY_LIMITS.titleMaxLength}
          {...form.getInputProps('title')}
        />
        {text('textPl', t('canned.fields.pl'), true)}
        {text('textEn', t('canned.fields.en'), false)}
        {text('textDe', t('canned.fields.de'), false)}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('canned.cancel')}
          </Button>
          <Button type="submit" loading={pending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            {t('canned.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
