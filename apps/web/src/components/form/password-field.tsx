import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with what axe asks for: a translated name on the show/hide button (Mantine's
 * default is English) and aria-invalid when the field has an error (Mantine sets only data-invalid).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('common');
  return (
    <PasswordInput
      {...props}
      aria-invalid={props.error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('actions.toggle-password') }}
    />
  );
}
