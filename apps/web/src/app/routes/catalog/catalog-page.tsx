import { Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { PageHeader, type Crumb } from '#app/components/layout/page-header.tsx';
import { SearchField } from '#app/components/layout/search-field.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';

interface CatalogPageProps {
  title: string;
  description?: string;
  breadcrumbs: readonly Crumb[];
  children: ReactNode;
}

/**
 * Every catalogue level: breadcrumbs, heading, the parts search and the level's content. The search lives
 * in the URL (`q`); with one, the results take the place of the level's content.
 */
export function CatalogPage({ title, description, breadcrumbs, children }: CatalogPageProps) {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';

  const search = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: !value },
    );

  return (
    <>
      <PageHeader title={title} description={description} breadcrumbs={breadcrumbs} />
      <Stack gap="lg">
        <SearchField
          key={query}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          initialValue={query}
          onSearch={search}
        />
        {query ? (
          // The catalogue issue fills this from api/parts (search) and api/parts/paths (where each part is).
          <SectionCard icon={IconSearch} title={t('search.results', { query })}>
            <EmptyState
              size="sm"
              icon={IconSearch}
              title={t('search.none.title')}
              description={t('search.none.description')}
            />
          </SectionCard>
        ) : (
          children
        )}
      </Stack>
    </>
  );
}
