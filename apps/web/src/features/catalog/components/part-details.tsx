import type { Part } from '@care/contract/catalog';
import { useTranslation } from 'react-i18next';
import { translate } from '@care/contract/translations';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { useContentLanguage } from '../use-content-language.ts';

const dash = (value: string | null) => value || '—';

/** SPEC §3 "Part": every field, labelled (quantity with its unit, e.g. "5 l"). */
export function PartDetails({ part, name }: { part: Part; name: string }) {
  const { t } = useTranslation(['catalog', 'common']);
  const language = useContentLanguage();
  const quantity = part.quantity === null ? '—' : [part.quantity, part.unit].filter(Boolean).join(' ');
  return (
    <FieldList
      labelWidth={170}
      fields={[
        { label: t('parts.name'), value: dash(name) },
        { label: t('parts.symbol'), value: part.symbol },
        { label: t('parts.standard'), value: dash(part.standard) },
        { label: t('parts.quantity'), value: quantity },
        { label: t('parts.catalog-number'), value: dash(part.catalogNumber) },
        { label: t('parts.sap-id'), value: dash(part.sapId) },
        { label: t('parts.configuration'), value: dash(translate(part.configuration, language)) },
        {
          label: t('parts.returnable'),
          value: part.returnable ? t('common:actions.yes') : t('common:actions.no'),
        },
      ]}
    />
  );
}
