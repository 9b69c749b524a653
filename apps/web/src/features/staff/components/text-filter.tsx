import { LIMITS } from '@care/contract/limits';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The pause after the last key before a text filter applies (one call per word, not per letter). */
export const TEXT_FILTER_DELAY_MS = 400;

interface TextFilterProps {
  label: string;
  placeholder: string;
  /** The filter applied now (from the address). */
  value: string | undefined;
  onApply: (value: string | undefined) => void;
}

/**
 * A text filter that applies itself after a pause or on Enter. SPEC §5: a search needs at least 3 characters,
 * so a shorter text waits, with the rule shown under the field; clearing the field applies at once.
 */
export function TextFilter({ label, placeholder, value, onApply }: TextFilterProps) {
  const { t } = useTranslation('staff');
  const [text, setText] = useState(value ?? '');
  // The applied value can change from outside ("Clear filters", the back button): the field follows it.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value ?? '');
  }

  const trimmed = text.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < LIMITS.searchMinLength;
  const apply = useDebouncedCallback((next: string) => {
    const fragment = next.trim();
    if (fragment.length > 0 && fragment.length < LIMITS.searchMinLength) return;
    if ((fragment || undefined) !== value) onApply(fragment || undefined);
  }, TEXT_FILTER_DELAY_MS);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply.flush();
      }}
      description={tooShort ? t('filters.too-short', { count: LIMITS.searchMinLength }) : undefined}
      inputWrapperOrder={['label', 'input', 'description']}
    />
  );
}
