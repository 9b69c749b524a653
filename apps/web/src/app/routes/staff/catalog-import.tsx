import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconUpload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import {
  type CatalogImportFiles,
  catalogImportHistoryQuery,
  type CatalogImportOutcome,
  useCatalogImport,
} from '#app/features/catalog-import/api.ts';
import { ImportForm } from '#app/features/catalog-import/components/import-form.tsx';
import { ImportHistory } from '#app/features/catalog-import/components/import-history.tsx';
import { ImportProblems } from '#app/features/catalog-import/components/import-problems.tsx';
import { ImportSummary } from '#app/features/catalog-import/components/import-summary.tsx';
import { queryClient } from '#app/lib/query-client.ts';

export async function loader() {
  await queryClient.ensureQueryData(catalogImportHistoryQuery);
  return null;
}

/**
 * The alert's body is a flex item, which by default is never narrower than its content: the summary table's
 * minimum width pushed the result past a 360 px screen (clipped) instead of scrolling the table.
 */
const SHRINKING_ALERT = { body: { minWidth: 0 } };

/** Catalogue import for admins (issue 5): check or import a catalogue file, see what it did, recent runs. */
export function Component() {
  const { t } = useTranslation('admin');
  const history = useSuspenseQuery(catalogImportHistoryQuery);
  const importing = useCatalogImport();
  const [outcome, setOutcome] = useState<CatalogImportOutcome | null>(null);
  const [pending, setPending] = useState<'check' | 'import' | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (outcome) resultHeading.current?.focus();
  }, [outcome]);

  const run = (files: CatalogImportFiles, dryRun: boolean) => {
    setPending(dryRun ? 'check' : 'import');
    setOutcome(null);
    importing.mutate({ files, dryRun }, { onSuccess: setOutcome, onSettled: () => setPending(null) });
  };

  return (
    <>
      <PageHeader title={t('catalog-import.title')} description={t('catalog-import.intro')} />
      <Stack gap="lg">
        <SectionCard title={t('catalog-import.files.title')} icon={IconUpload}>
          <ImportForm pending={pending} onSubmit={run} />
        </SectionCard>
        <div aria-live="polite">
          {outcome?.kind === 'done' ? (
            <Alert
              color={outcome.result.dryRun ? 'blue' : 'green'}
              styles={SHRINKING_ALERT}
              title={
                <Title order={2} size="h4" ref={resultHeading} tabIndex={-1} c="var(--mantine-color-text)">
                  {t(
                    outcome.result.dryRun
                      ? 'catalog-import.result.checked'
                      : 'catalog-import.result.imported',
                  )}
                </Title>
              }
            >
              <Stack gap="sm">
                {t(
                  outcome.result.dryRun
                    ? 'catalog-import.result.checked-text'
                    : 'catalog-import.result.imported-text',
                )}
                <ImportSummary summary={outcome.result.summary} />
                {outcome.result.warnings.length > 0 ? (
                  <>
                    <Text size="sm">{t('catalog-import.result.warnings-text')}</Text>
                    <ImportProblems
                      problems={outcome.result.warnings}
                      count={outcome.result.warnings.length}
                      kind="warnings"
                    />
                  </>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {outcome?.kind === 'problems' ? (
            <Alert
              color="red"
              styles={SHRINKING_ALERT}
              title={
                <Title order={2} size="h4" ref={resultHeading} tabIndex={-1} c="var(--mantine-color-text)">
                  {t('catalog-import.result.refused', { count: outcome.failure.problemCount })}
                </Title>
              }
            >
              <Stack gap="sm">
                {t('catalog-import.result.refused-text')}
                <ImportProblems problems={outcome.failure.problems} count={outcome.failure.problemCount} />
              </Stack>
            </Alert>
          ) : null}
        </div>
        <SectionCard title={t('catalog-import.history.title')} icon={IconHistory}>
          <ImportHistory items={history.data} />
        </SectionCard>
      </Stack>
    </>
  );
}
