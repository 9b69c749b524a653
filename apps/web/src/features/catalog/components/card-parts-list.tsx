import { PhoneCards } from '#app/components/layout/phone-cards.tsx';
import type { CardPosition } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Anchor, Paper, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './card-parts-list.module.css';
import { useContentLanguage } from '../use-content-language.ts';

export interface CardPartsListProps {
  positions: readonly CardPosition[];
  /** The highlighted position number (from the drawing or the list). */
  active: string | null;
  onHover: (positionNumber: string | null) => void;
  onSelect: (positionNumber: string) => void;
  /** Signed in: the part's page. */
  partLink?: (partId: string) => string;
  /** The last column (add to cart, or the way to sign in); no column without it. */
  order?: {
    label: string;
    /** `row`: a table cell; `card`: a phone card with room for the amount field. */
    render: (position: CardPosition, name: string, layout: 'row' | 'card') => ReactNode;
  };
  empty: ReactNode;
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;

/**
 * The card's parts list: a table from tablets up, one card per row on phones. Rows carry their position number
 * (`data-position`) so the drawing can find and scroll to them; hovering a row highlights its circle.
 */
export function CardPartsList({
  positions,
  active,
  onHover,
  onSelect,
  partLink,
  order,
  empty,
}: CardPartsListProps) {
  const { t } = useTranslation(['catalog', 'common']);
  const language = useContentLanguage();
  const yesNo = (value: boolean) => (value ? t('common:actions.yes') : t('common:actions.no'));
  const nameOf = (position: CardPosition) => translate(position.part.name, language);
  const caption = t('card.parts');

  const positionButton = (position: CardPosition) => (
    <UnstyledButton
      className={classes.position}
      aria-pressed={active === position.positionNumber}
      aria-label={t('card.show-on-drawing', { position: position.positionNumber })}
      onClick={() => onSelect(position.positionNumber)}
      onFocus={() => onHover(position.positionNumber)}
      onBlur={() => onHover(null)}
    >
      {position.positionNumber}
    </UnstyledButton>
  );
  const nameCell = (position: CardPosition) => {
    const name = nameOf(position);
    return partLink ? (
      <Anchor component={Link} to={partLink(position.part.id)} fz="sm">
        {name || position.part.symbol}
      </Anchor>
    ) : (
      name
    );
  };
  const rowProps = (position: CardPosition) => ({
    'data-position': position.positionNumber,
    'data-active': active === position.positionNumber || undefined,
    onMouseEnter: () => onHover(position.positionNumber),
    onMouseLeave: () => onHover(null),
  });

  if (positions.length === 0)
    return (
      <Paper withBorder radius="md">
        {empty}
      </Paper>
    );

  // Each variant is a Suspense boundary of its own (nothing in it suspends): over a page the server rendered
  // (entry-server.tsx) React hydrates and commits each one as a separate task, so a card with a hundred positions
  // never keeps a phone busy in one long piece (docs/perf.md, Lighthouse).
  return (
    <>
      <Suspense fallback={null}>
        <Paper withBorder radius="md" visibleFrom="sm" className={classes.frame} data-parts-pane>
          <Table.ScrollContainer minWidth={660} type="native">
            <Table verticalSpacing={6} horizontalSpacing={8} fz="sm" className={classes.table}>
              <VisuallyHidden component="caption">{caption}</VisuallyHidden>
              <Table.Thead className={classes.head}>
                <Table.Tr>
                  <Table.Th scope="col">{t('parts.position')}</Table.Th>
                  <Table.Th scope="col">{t('parts.symbol')}</Table.Th>
                  <Table.Th scope="col">{t('parts.name')}</Table.Th>
                  <Table.Th scope="col">{t('parts.quantity')}</Table.Th>
                  <Table.Th scope="col">{t('parts.standard')}</Table.Th>
                  <Table.Th scope="col">{t('parts.catalog-number')}</Table.Th>
                  <Table.Th scope="col">{t('parts.configuration')}</Table.Th>
                  <Table.Th scope="col">{t('parts.returnable')}</Table.Th>
                  {order ? <Table.Th scope="col">{order.label}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {positions.map((position) => (
                  <Table.Tr key={position.id} className={classes.row} {...rowProps(position)}>
                    <Table.Td>{positionButton(position)}</Table.Td>
                    <Table.Td className={classes.symbol}>{position.part.symbol}</Table.Td>
                    <Table.Td>{nameCell(position)}</Table.Td>
                    <Table.Td>{dash(position.quantity)}</Table.Td>
                    <Table.Td>{dash(position.part.standard)}</Table.Td>
                    <Table.Td>{dash(position.part.catalogNumber)}</Table.Td>
                    <Table.Td>{dash(position.part.configuration)}</Table.Td>
                    <Table.Td>{yesNo(position.part.returnable)}</Table.Td>
                    {order ? (
                      <Table.Td>
                        {order.render(position, nameOf(position) || position.part.symbol, 'row')}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Suspense>
      <Suspense fallback={null}>
        <PhoneCards
          caption={caption}
          rows={positions}
          rowKey={(position) => String(position.id)}
          empty={empty}
          renderCard={(position) => (
            <Paper withBorder radius="md" p="sm" className={classes.row} {...rowProps(position)}>
              <Text fw={600} mb={6} component="div" className={classes.cardTitle}>
                {positionButton(position)}
                <span>{nameCell(position)}</span>
              </Text>
              <CompactFields
                fields={[
                  { label: t('parts.symbol'), value: position.part.symbol },
                  { label: t('parts.quantity'), value: dash(position.quantity) },
                  { label: t('parts.standard'), value: dash(position.part.standard) },
                  { label: t('parts.catalog-number'), value: dash(position.part.catalogNumber) },
                  { label: t('parts.configuration'), value: dash(position.part.configuration) },
                  { label: t('parts.returnable'), value: yesNo(position.part.returnable) },
                ]}
              />
              {order ? (
                <div className={classes.cardOrder}>
                  {order.render(position, nameOf(position) || position.part.symbol, 'card')}
                </div>
              ) : null}
            </Paper>
          )}
        />
      </Suspense>
    </>
  );
}

/** Label–value pairs two to a row: a phone card stays short enough to see several positions at once. */
function CompactFields({ fields }: { fields: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className={classes.fields}>
      {fields.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
