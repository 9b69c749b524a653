import { Alert, Stack, Title } from '@mantine/core';
import { IconHistory, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import {
  machineImportHistoryQuery,
  type MachineImportOutcome,
  PROGRESS_POLL_MS,
  useMachineImport,
} from '#app/features/machine-import/api.ts';
import { ImportForm } from '#app/features/machine-import/components/import-form.tsx';
import { ImportHistory } from '#app/features/machine-import/components/import-history.tsx';
import { ImportProblems } from '#app/features/machine-import/components/import-problems.tsx';
import { ImportProgress } from '#app/features/machine-import/components/import-progress.tsx';
import { ImportSummary } from '#app/features/machine-import/components/import-summary.tsx';
import { queryClient } from '#app/lib/query-client.ts';

export async function loader() {
  await queryClient.ensureQueryData(machineImportHistoryQuery);
  return null;
}

/** The alert's body is a flex item: without this the tables inside push past a 360 px screen. */
const SHRINKING_ALERT = { body: { minWidth: 0 } };

/** Machines from the ERP for admins (issue 15): check or import the CSV, watch it run, see the outcome. */
export function Component() {
  const { t } = useTranslation('machine-import');
  const [pending, setPending] = useState<'check' | 'import' | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const [outcome, setOutcome] = useState<MachineImportOutcome | null>(null);
  // While a run is under way the history is polled: the server's running row says how many rows it has read.
  const history = useQuery({
    ...machineImportHistoryQuery,
    refetchInterval: pending ? PROGRESS_POLL_MS : false,
  });
  const importing = useMachineImport(setUploaded);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (outcome) resultHeading.current?.focus();
  }, [outcome]);

  const run = (file: File, dryRun: boolean) => {
    setPending(dryRun ? 'check' : 'import');
    setUploaded(0);
    setOutcome(null);
    importing.mutate({ file, dryRun }, { onSuccess: setOutcome, onSettled: () => setPending(null) });
  };

  const heading = (text: string) => (
    <Title order={2} size="h4" ref={resultHeading} tabIndex={-1} c="var(--mantine-color-text)">
      {text}
    </Title>
  );
  const result = outcome?.kind === 'done' ? outcome.result : null;

  return (
    <>
      <PageHeader title={t('title')} description={t('intro')} />
      <Stack gap="lg">
        <SectionCard title={t('file.title')} icon={IconUpload}>
          <Stack gap="md">
            <ImportForm pending={pending} onSubmit={run} />
            {pending ? <ImportProgress uploaded={uploaded} history={history.data ?? []} /> : null}
          </Stack>
        </SectionCard>
        <div aria-live="polite">
          {result ? (
            <Alert
              color={result.dryRun ? 'blue' : 'green'}
              styles={SHRINKING_ALERT}
              title={heading(t(result.dryRun ? 'result.checked' : 'result.imported'))}
            >
              <Stack gap="sm">
                {t(result.dryRun ? 'result.checked-text' : 'result.imported-text')}
                {result.summary ? <ImportSummary summary={result.summary} /> : null}
              </Stack>
            </Alert>
          ) : null}
          {outcome?.kind === 'problems' ? (
            <Alert
              color="red"
              styles={SHRINKING_ALERT}
              title={heading(t('result.refused', { count: outcome.failure.import.problemCount }))}
            >
              <Stack gap="sm">
                {t('result.refused-text')}
                <ImportProblems
                  problems={outcome.failure.import.problems}
                  count={outcome.failure.import.problemCount}
                />
              </Stack>
            </Alert>
          ) : null}
        </div>
        <SectionCard title={t('history.title')} icon={IconHistory}>
          <ImportHistory runs={history.data ?? []} />
        </SectionCard>
      </Stack>
    </>
  );
}
