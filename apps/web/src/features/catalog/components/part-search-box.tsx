import { PART_SEARCH_MIN_LENGTH } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Autocomplete, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { searchAdornments } from '#app/components/layout/search-field.tsx';
import { isSearchable, partHintsQuery } from '../api.ts';
import { useContentLanguage } from '../use-content-language.ts';

/** SPEC §5 hints: asked for once the text stops changing for this long. */
const HINT_DEBOUNCE_MS = 150;

interface PartSearchBoxProps {
  /** The search currently applied (the URL's `q`). */
  initialValue: string;
  /** Called with the trimmed text: empty (back to the catalogue) or at least 3 characters. */
  onSearch: (query: string) => void;
  /** A picked hint opens this part (signed in: its page); without it, the hint's symbol is searched. */
  onPick?: (partId: string) => void;
}

/**
 * The catalogue's parts search with hints (autocomplete) from the 3rd character (SPEC §5). Shorter text is not an
 * error: the rule stays under the field and the search does not run. Picking a hint opens the part when
 * signed in, else searches for its symbol (the results show the cards it is on).
 */
export function PartSearchBox({ initialValue, onSearch, onPick }: PartSearchBoxProps) {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const [value, setValue] = useState(initialValue);
  const [debounced] = useDebouncedValue(value.trim(), HINT_DEBOUNCE_MS);
  const hints = useQuery(partHintsQuery(debounced));
  const length = value.trim().length;
  const tooShort = length > 0 && length < PART_SEARCH_MIN_LENGTH;

  // Autocomplete needs unique values: a symbol shared by two parts is offered once.
  const names = new Map<string, string>();
  const ids = new Map<string, string>();
  if (isSearchable(debounced) && isSearchable(value))
    for (const hint of hints.data ?? [])
      if (!names.has(hint.symbol)) {
        names.set(hint.symbol, translate(hint.name, language));
        ids.set(hint.symbol, hint.id);
      }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tooShort) onSearch(value.trim());
  };

  return (
    <form role="search" onSubmit={submit}>
      <Autocomplete
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={value}
        onChange={(next) => {
          setValue(next);
          if (next === '' && initialValue !== '') onSearch('');
        }}
        data={[...names.keys()]}
        // The server already chose and ordered the hints; the field must not filter them again.
        filter={({ options: all }) => all}
        onOptionSubmit={(symbol) => {
          setValue(symbol);
          const id = ids.get(symbol);
          if (onPick && id) onPick(id);
          else onSearch(symbol);
        }}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} ff="monospace">
              {option.value}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {names.get(option.value)}
            </Text>
          </Group>
        )}
        description={t(tooShort ? 'search.rule' : 'search.hint', { count: PART_SEARCH_MIN_LENGTH })}
        inputWrapperOrder={['label', 'input', 'description']}
        {...searchAdornments(t('search.submit'), tooShort)}
        rightSectionPointerEvents="all"
        size="md"
        maxLength={100}
        styles={{ description: { marginTop: 6 } }}
      />
    </form>
  );
}
