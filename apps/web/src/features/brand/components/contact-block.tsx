import { Box, Group, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconHeadset, IconMail, IconPhone } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../api.ts';
import { CopyValue, phoneHref } from './copy-value.tsx';
import classes from './contact-block.module.css';

/** The service contact of SPEC §1 on public forms: phone and e-mail, both copyable. */
export function ContactBlock() {
  const { t } = useTranslation('common');
  const { data: brand, isPending } = useBrand();
  const headingId = useId();

  return (
    <Box component="section" aria-labelledby={headingId} className={classes.block}>
      <Group gap="sm" wrap="nowrap" mb={6} align="center">
        <ThemeIcon variant="filled" size={32} radius="xl" aria-hidden>
          <IconHeadset size={18} />
        </ThemeIcon>
        <Title order={2} id={headingId} fz="md">
          {t('contact.title')}
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        {t('contact.text')}
      </Text>
      {isPending ? (
        <Stack gap="sm" aria-busy="true">
          <VisuallyHidden>{t('loading')}</VisuallyHidden>
          <Skeleton h={40} radius="md" />
          <Skeleton h={40} radius="md" />
        </Stack>
      ) : brand ? (
        <div className={classes.values}>
          <CopyValue
            value={brand.servicePhone}
            href={phoneHref(brand.servicePhone)}
            caption={t('contact.phone')}
            copyLabel={t('copy.copy-phone')}
            icon={<IconPhone size={20} />}
          />
          <CopyValue
            value={brand.serviceEmail}
            href={`mailto:${brand.serviceEmail}`}
            caption={t('contact.email')}
            copyLabel={t('copy.copy-email')}
            icon={<IconMail size={20} />}
          />
        </div>
      ) : (
        <Text fz="sm">{t('contact.unavailable')}</Text>
      )}
    </Box>
  );
}
