import { Checkbox, Divider, Fieldset, Stack, Text, type CheckboxProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type CheckboxFieldProps = Pick<CheckboxProps, 'name' | 'checked' | 'onChange' | 'error'>;

interface ConsentFieldsProps {
  rules: CheckboxFieldProps;
  marketing: CheckboxFieldProps;
  /** SPEC §4: 'select all' sets the rules and marketing consents to the same value. */
  onSelectAll: (checked: boolean) => void;
}

/** The consents of both registration forms: select all, the required rules and the optional marketing consent. */
export function ConsentFields({ rules, marketing, onSelectAll }: ConsentFieldsProps) {
  const { t } = useTranslation('auth');
  const allChecked = Boolean(rules.checked && marketing.checked);
  const someChecked = Boolean(rules.checked || marketing.checked);

  return (
    <Fieldset
      variant="unstyled"
      m={0}
      legend={
        <Text component="span" fw={700} fz="md">
          {t('consents.legend')}
        </Text>
      }
    >
      <Stack gap="sm" mt="xs">
        <Checkbox
          label={t('consents.select-all')}
          checked={allChecked}
          indeterminate={someChecked && !allChecked}
          onChange={(event) => onSelectAll(event.currentTarget.checked)}
          styles={{ label: { fontWeight: 600 } }}
        />
        <Divider />
        <Checkbox
          {...rules}
          required
          label={
            <>
              {t('consents.rules')}{' '}
              <Text span c="red.7" aria-hidden>
                *
              </Text>
            </>
          }
        />
        <Checkbox {...marketing} label={t('consents.marketing')} />
      </Stack>
    </Fieldset>
  );
}
