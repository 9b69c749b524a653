import { PhoneCards } from '#app/components/layout/phone-cards.tsx';
import type { CardPosition } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Anchor, Paper, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Suspense, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './card-parts-list.module.css';
import { useContentLanguage } from '../use-content-language.ts';

export interface CardPartsListProps {
  positions: readonly CardPosition[];
  /** The highlighted position number (hovered or focused on the drawing or in the list, else the selected one). */
  active: string | null;
  /** The selected position number (in the address): its button is pressed, whatever the pointer rests on. */
  selected: string | null;
  onHover: (positionNumber: string | null) => void;
  onSelect: (positionNumber: string) => void;
  /** Signed in: the part's page. */
  partLink?: (partId: string) => string;
  /** The last column (add to cart); no column without it. */
  order?: {
    label: string;
    /** `row`: a table cell (amount and a cart button); `card`: a phone card with room for labels. */
    render: (position: CardPosition, name: string, layout: 'row' | 'card') => ReactNode;
  };
  /** Beside the drawing: the list fills its pane and scrolls inside it. */
  fill?: boolean;
  empty: ReactNode;
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;

/** A click on the row's own text selects it; links, buttons and fields keep their own meaning. */
const isOwnClick = (event: MouseEvent) =>
  !(event.target as HTMLElement).closest('a, button, input, label, [role="dialog"]');

/**
 * The card's parts list: a table from tablets up, one card per row on phones. The table keeps to the columns a
 * parts book has (position, symbol, name, quantity, order); the other SPEC §3 fields sit under the name, so the
 * order column fits every language beside the drawing. Rows carry their position number (`data-position`) so
 * the drawing can find and scroll to them; hovering or clicking a row highlights its circle.
 */
export function CardPartsList({
  positions,
  active,
  selected,
  onHover,
  onSelect,
  partLink,
  order,
  fill = false,
  empty,
}: CardPartsListProps) {
  const { t } = useTranslation(['catalog', 'common']);
  const language = useContentLanguage();
  const nameOf = (position: CardPosition) => translate(position.part.name, language);
  const caption = t('card.parts');
  const details = (position: CardPosition) =>
    [
      { label: t('parts.standard'), value: position.part.standard },
      { label: t('parts.catalog-number'), value: position.part.catalogNumber },
      { label: t('parts.configuration'), value: translate(position.part.configuration, language) },
      { label: t('parts.returnable'), value: position.part.returnable ? t('common:actions.yes') : null },
    ].filter((field): field is { label: string; value: string } => Boolean(field.value));

  const positionButton = (position: CardPosition) => (
    <UnstyledButton
      className={classes.position}
      aria-pressed={selected === position.positionNumber}
      aria-label={t('card.show-on-drawing', { position: position.positionNumber })}
      onClick={() => onSelect(position.positionNumber)}
      onFocus={() => onHover(position.positionNumber)}
      onBlur={() => onHover(null)}
    >
      {position.positionNumber}
    </UnstyledButton>
  );
  const nameCell = (position: CardPosition) => {
    const name = nameOf(position) || position.part.symbol;
    return partLink ? (
      <Anchor component={Link} to={partLink(position.part.id)} fz="sm" fw={500}>
        {name}
      </Anchor>
    ) : (
      <Text span fz="sm" fw={500}>
        {name}
      </Text>
    );
  };
  const rowProps = (position: CardPosition) => ({
    'data-position': position.positionNumber,
    'data-active': active === position.positionNumber || undefined,
    'data-selected': selected === position.positionNumber || undefined,
    onMouseEnter: () => onHover(position.positionNumber),
    onMouseLeave: () => onHover(null),
    onClick: (event: MouseEvent) => {
      if (isOwnClick(event)) onSelect(position.positionNumber);
    },
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
        <Paper
          withBorder
          radius="md"
          visibleFrom="sm"
          className={classes.frame}
          data-fill={fill || undefined}
          data-parts-pane
        >
          <Table verticalSpacing={6} horizontalSpacing={8} fz="sm" className={classes.table}>
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead className={classes.head}>
              <Table.Tr>
                <Table.Th scope="col" className={classes.narrow}>
                  {t('parts.position')}
                </Table.Th>
                <Table.Th scope="col" className={classes.narrow}>
                  {t('parts.symbol')}
                </Table.Th>
                <Table.Th scope="col">{t('parts.name')}</Table.Th>
                <Table.Th scope="col" className={classes.narrow}>
                  {t('parts.quantity')}
                </Table.Th>
                {order ? (
                  <Table.Th scope="col" className={classes.order}>
                    {order.label}
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {positions.map((position) => (
                <Table.Tr key={position.id} className={classes.row} {...rowProps(position)}>
                  <Table.Td>{positionButton(position)}</Table.Td>
                  <Table.Td className={classes.symbol}>{position.part.symbol}</Table.Td>
                  <Table.Td className={classes.name}>
                    {nameCell(position)}
                    <Details fields={details(position)} />
                  </Table.Td>
                  <Table.Td>{dash(position.quantity)}</Table.Td>
                  {order ? (
                    <Table.Td className={classes.order}>
                      {order.render(position, nameOf(position) || position.part.symbol, 'row')}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
                  ...details(position),
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

/** The part's other fields under its name, each labelled: "Standard: DIN 471 · Catalogue number: …". */
function Details({ fields }: { fields: readonly { label: string; value: string }[] }) {
  if (fields.length === 0) return null;
  return (
    <Text component="div" fz="xs" c="dimmed" className={classes.details}>
      {fields.map(({ label, value }) => (
        <span key={label}>
          {label}: {value}
        </span>
      ))}
    </Text>
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
