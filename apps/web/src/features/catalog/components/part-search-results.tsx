import type { Part } from '@care/contract/catalog';
import { PART_SEARCH_MIN_LENGTH } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TablePagination } from '#app/components/data-table/table-pagination.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import type { catalogPaths } from '#app/config/paths.ts';
import { isSearchable, partPathsQuery, partSearchQuery } from '../api.ts';
import { cardPositionLink } from '../catalog-trail.ts';
import { useContentLanguage } from '../use-content-language.ts';

interface PartSearchResultsProps {
  query: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  catalog: ReturnType<typeof catalogPaths>;
  /** Signed in: each result opens its part page; in the public catalogue, the cards it appears on. */
  partLink?: (id: string) => string;
}

/**
 * SPEC §5 search results, paged; fewer than 3 characters shows the rule, not an error. The server reads a
 * common text's results only up to the page's end and one more, so the count is then "more than" the parts so
 * far, and the pages reach one past the current while there are more (up to the search's cap, then it asks to
 * refine the text).
 */
export function PartSearchResults({
  query,
  page,
  pageSize,
  onPageChange,
  catalog,
  partLink,
}: PartSearchResultsProps) {
  const { t } = useTranslation('catalog');
  const search = useQuery(partSearchQuery(query, page, pageSize));

  let body;
  if (!isSearchable(query)) {
    body = (
      <EmptyState size="sm" icon={IconSearch} title={t('search.rule', { count: PART_SEARCH_MIN_LENGTH })} />
    );
  } else if (search.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={t('common:loading')} />
      </Group>
    );
  } else if (search.isError) {
    body = <EmptyState size="sm" icon={IconSearch} title={t('search.failed')} />;
  } else if (search.data.total === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={IconSearch}
        title={t('search.none.title')}
        description={t('search.none.description')}
      />
    );
  } else {
    const { total, totalCapped, hasMore } = search.data;
    let found = t('search.found', { count: total });
    if (totalCapped)
      found = hasMore ? t('search.found-more', { count: total }) : t('search.found-capped', { limit: total });
    const from = Math.min(total, (page - 1) * pageSize + 1);
    const to = Math.min(total, page * pageSize);
    body = (
      <>
        <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
          {found}
        </Text>
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {search.data.items.map((part) => (
            <li key={part.id}>
              <ResultItem part={part} catalog={catalog} partLink={partLink} />
            </li>
          ))}
        </Stack>
        <TablePagination
          page={page}
          pageSize={pageSize}
          total={total}
          {...(totalCapped && {
            summary: t('search.range-more', { from, to }),
            pageCount: hasMore ? page + 1 : Math.max(page, Math.ceil(total / pageSize)),
          })}
          pageSizes={[10, 20, 50]}
          onPageChange={(next) => onPageChange(next, pageSize)}
          onPageSizeChange={(size) => onPageChange(1, size)}
        />
      </>
    );
  }

  return (
    <SectionCard icon={IconSearch} title={t('search.results', { query })}>
      {body}
    </SectionCard>
  );
}

function ResultItem({
  part,
  catalog,
  partLink,
}: {
  part: Part;
  catalog: PartSearchResultsProps['catalog'];
  partLink?: (id: string) => string;
}) {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const name = translate(part.name, language) || part.symbol;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="xs" align="baseline" wrap="wrap">
        {partLink ? (
          <Anchor component={Link} to={partLink(part.id)} fw={600}>
            {name}
          </Anchor>
        ) : (
          <Text fw={600}>{name}</Text>
        )}
        <Text size="sm" ff="monospace">
          {part.symbol}
        </Text>
        {part.catalogNumber ? (
          <Text size="sm" c="dimmed">
            {t('parts.catalog-number')}: {part.catalogNumber}
          </Text>
        ) : null}
      </Group>
      {partLink ? null : <PartPlaces partId={part.id} catalog={catalog} />}
    </Paper>
  );
}

/** The cards a part appears on (api/parts/paths), as links: how a visitor gets from a result to its drawing. */
function PartPlaces({ partId, catalog }: { partId: string; catalog: PartSearchResultsProps['catalog'] }) {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const places = useQuery(partPathsQuery(partId));
  if (!places.data) return null;
  if (places.data.length === 0)
    return (
      <Text size="sm" c="dimmed" mt={4}>
        {t('search.not-on-drawing')}
      </Text>
    );
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('search.places')}
      </Text>
      {places.data.map((place) => {
        const card = place.trail[place.trail.length - 1];
        return (
          <Anchor
            key={`${place.cardId}-${place.positionNumber}`}
            component={Link}
            to={cardPositionLink(place.trail, place.cardId, place.positionNumber, catalog)}
            size="sm"
          >
            {translate(card?.name, language)} ({t('part.places.position', { position: place.positionNumber })}
            )
          </Anchor>
        );
      })}
    </Group>
  );
}
