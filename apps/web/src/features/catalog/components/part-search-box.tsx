import { PART_HINTS_LIMIT, PART_SEARCH_MIN_LENGTH } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Autocomplete, Group, Mark, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { searchAdornments } from '#app/components/layout/search-field.tsx';
import { isSearchable, partSearchQuery } from '../api.ts';
import { highlightPieces } from '../search-highlight.ts';
import { useContentLanguage } from '../use-content-language.ts';

/** SPEC §5 hints: asked for once the text stops changing for this long. */
const HINT_DEBOUNCE_MS = 150;
/** The last option: the whole results page for the text as typed. */
const ALL_RESULTS = '\u0000all';

/** The text with the typed words marked (case and Polish letters ignored, as the search does). */
function Highlighted({ text, query }: { text: string; query: string }) {
  return highlightPieces(text, query).map((piece, index) =>
    piece.match ? <Mark key={index}>{piece.text}</Mark> : piece.text,
  );
}

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
 * error: the rule stays under the field and the search does not run. The hints are the first results of the
 * very search the results page shows (its first page, fetched once for both), the typed words marked, and end
 * with "all results (n)". Picking a hint opens the part when signed in, else searches for its symbol.
 */
export function PartSearchBox({ initialValue, onSearch, onPick }: PartSearchBoxProps) {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const [value, setValue] = useState(initialValue);
  // The search the page already shows (from the address) needs no hints until the person edits it.
  const [edited, setEdited] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState(false);
  // Text typed into the server-rendered field before the app code arrived (a slow link): React adopts the markup
  // without reading what is in it, so the search takes it over once mounted (else the next render would wipe it),
  // with its hints open if the person is still in the field.
  useEffect(() => {
    const field = input.current;
    if (!field || field.value === initialValue) return;
    setValue(field.value);
    setEdited(true);
    if (document.activeElement === field) setOpened(true);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [debounced] = useDebouncedValue(value.trim(), HINT_DEBOUNCE_MS);
  const results = useQuery({
    ...partSearchQuery(debounced, 1),
    enabled: edited && isSearchable(debounced),
  });
  const length = value.trim().length;
  const tooShort = length > 0 && length < PART_SEARCH_MIN_LENGTH;

  // Only the answer for the text being typed: no hints left over from the previous one.
  const current = edited && isSearchable(debounced) && isSearchable(value) && !results.isPlaceholderData;
  const hints = current ? (results.data?.items ?? []).slice(0, PART_HINTS_LIMIT) : [];
  const total = current && results.data ? results.data.total : 0;
  const byId = new Map(hints.map((hint) => [hint.id, hint]));
  const options = hints.map((hint) => ({ value: hint.id, label: hint.symbol }));
  if (total > 0) options.push({ value: ALL_RESULTS, label: value });
  const allResults = results.data?.totalCapped
    ? t('search.show-all-capped', { limit: total })
    : t('search.show-all', { count: total });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tooShort) onSearch(value.trim());
  };

  return (
    <form role="search" onSubmit={submit}>
      <Autocomplete
        ref={input}
        dropdownOpened={opened}
        onDropdownOpen={() => setOpened(true)}
        onDropdownClose={() => setOpened(false)}
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={value}
        onChange={(next) => {
          setValue(next);
          setEdited(true);
          if (next === '' && initialValue !== '') onSearch('');
        }}
        data={options}
        // All PART_HINTS_LIMIT hints and the last line in sight: a scrolled list would hide "all results",
        // and its scroll box cannot take the keyboard focus the combobox keeps (axe scrollable-region-focusable).
        withScrollArea={false}
        // The server already chose and ordered the hints; the field must not filter them again.
        filter={({ options: all }) => all}
        onOptionSubmit={(id) => {
          const hint = byId.get(id);
          if (!hint) onSearch(value.trim());
          else if (onPick) onPick(id);
          else onSearch(hint.symbol);
        }}
        renderOption={({ option }) => {
          const hint = byId.get(option.value);
          if (!hint)
            return (
              <Text size="sm" fw={600} c="var(--mantine-primary-color-text)">
                {allResults}
              </Text>
            );
          return (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} ff="monospace" style={{ flexShrink: 0 }}>
                <Highlighted text={hint.symbol} query={debounced} />
              </Text>
              <Text size="sm" c="dimmed" truncate>
                <Highlighted text={translate(hint.name, language)} query={debounced} />
              </Text>
            </Group>
          );
        }}
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
