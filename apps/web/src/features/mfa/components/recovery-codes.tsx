import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface RecoveryCodesProps {
  codes: readonly string[];
}

/** New recovery codes, shown this once: to copy or download; the server keeps only their hashes. */
export function RecoveryCodes({ codes }: RecoveryCodesProps) {
  const { t } = useTranslation('mfa');
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="blue" icon={<IconLifebuoy size={18} aria-hidden />} title={t('recovery.new-title')}>
        {t('recovery.new-text')}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing={6}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('recovery.list')}
      >
        {codes.map((code) => (
          <Text key={code} component="li" ff="monospace" fz="md" fw={600} data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              h={40}
              onClick={copy}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            >
              {copied ? t('recovery.copied') : t('recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          h={40}
          onClick={download}
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          {t('recovery.download')}
        </Button>
      </Group>
    </Stack>
  );
}
