import { ActionIcon, TextInput } from '@mantine/core';
import { LIMITS } from '@care/contract/limits';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The magnifier in front of a search input and the submit arrow behind it (disabled while the text is too short);
 * spread into a Mantine input: `<TextInput {...searchAdornments(label, tooShort)} />`.
 */
export function searchAdornments(submitLabel: string, tooShort: boolean) {
  return {
    leftSection: <IconSearch size={18} stroke={1.75} aria-hidden />,
    rightSection: (
      <ActionIcon type="submit" size={32} variant="subtle" aria-label={submitLabel} disabled={tooShort}>
        <IconArrowRight size={18} stroke={1.75} aria-hidden />
      </ActionIcon>
    ),
    rightSectionWidth: 44,
  };
}

interface SearchFieldProps {
  label: string;
  placeholder?: string;
  /** The search currently applied (e.g. from the URL). */
  initialValue?: string;
  /** Called with the trimmed text: empty (show everything) or at least `minLength` characters. */
  onSearch: (query: string) => void;
  minLength?: number;
}

/**
 * SPEC §5: a search needs at least 3 characters. Shorter text is not an error, so the rule is always in the
 * hint below the field and a too-short search simply does not run.
 */
export function SearchField({
  label,
  placeholder,
  initialValue = '',
  onSearch,
  minLength = LIMITS.searchMinLength,
}: SearchFieldProps) {
  const { t } = useTranslation('layout');
  const [value, setValue] = useState(initialValue);
  const length = value.trim().length;
  const tooShort = length > 0 && length < minLength;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tooShort) onSearch(value.trim());
  };

  return (
    <form role="search" onSubmit={submit}>
      <TextInput
        type="search"
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          if (event.currentTarget.value === '' && initialValue !== '') onSearch('');
        }}
        description={t(tooShort ? 'search.too-short' : 'search.hint', { count: minLength })}
        inputWrapperOrder={['label', 'input', 'description']}
        {...searchAdornments(t('search.submit'), tooShort)}
        size="md"
        styles={{ description: { marginTop: 6 } }}
      />
    </form>
  );
}
