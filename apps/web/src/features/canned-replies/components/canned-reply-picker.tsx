import { cannedReplyText } from '@care/contract/canned-replies';
import type { Language } from '@care/contract/locales';
import { Box, Button, Combobox, Text, useCombobox } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMessageBolt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cannedRepliesQuery } from '../api.ts';
import { matchingReplies } from '../search.ts';

interface CannedReplyPickerProps {
  /** The language of the request's customer: the text is inserted in it, or in Polish where it has none. */
  language: Language;
  onInsert: (text: string) => void;
  disabled?: boolean;
}

/**
 * "Insert canned reply": a button opening a searchable list (Mantine Combobox: type to filter, arrows to move,
 * Enter to insert, Escape to close and return to the button).
 */
export function CannedReplyPicker({ language, onInsert, disabled }: CannedReplyPickerProps) {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const replies = useQuery(cannedRepliesQuery);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      combobox.focusTarget();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const all = replies.data?.replies ?? [];
  const found = matchingReplies(all, search);

  return (
    <Combobox
      store={combobox}
      // Never wider than a phone's window (the list opens from the composer's left edge).
      width="min(360px, calc(100vw - 32px))"
      position="top-start"
      withinPortal
      onOptionSubmit={(id) => {
        const reply = all.find((candidate) => candidate.id === id);
        if (reply) onInsert(cannedReplyText(reply.texts, language));
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          variant="default"
          h={40}
          px="sm"
          disabled={disabled}
          leftSection={<IconMessageBolt size={18} aria-hidden />}
          onClick={() => combobox.toggleDropdown()}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
          aria-label={t('canned.picker.label')}
        >
          {/* On a phone the icon alone, so the send button keeps its room in the composer's row. */}
          <Box component="span" visibleFrom="xs">
            {t('canned.picker.label')}
          </Box>
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.updateSelectedOptionIndex('active');
          }}
          placeholder={t('canned.picker.placeholder')}
          aria-label={t('canned.picker.placeholder')}
        />
        <Text size="xs" c="dimmed" px="xs" pt={4}>
          {t('canned.picker.language', { language: language.toUpperCase() })}
        </Text>
        <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label={t('canned.picker.label')}>
          {found.length === 0 ? (
            <Combobox.Empty>
              {t(all.length === 0 ? 'canned.picker.none' : 'canned.picker.empty')}
            </Combobox.Empty>
          ) : (
            found.map((reply) => (
              <Combobox.Option value={reply.id} key={reply.id}>
                <Text size="sm" fw={600}>
                  {reply.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {reply.texts[language] === null ? `${t('canned.picker.fallback')} ` : ''}
                  {cannedReplyText(reply.texts, language)}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
