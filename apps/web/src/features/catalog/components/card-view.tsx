import type { CatalogCard } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Grid } from '@mantine/core';
import { IconListDetails, IconPhoto } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { apiUrl } from '#app/config/runtime-config.ts';
import { CardDrawing } from './card-drawing.tsx';
import { CardPartsList, type CardPartsListProps } from './card-parts-list.tsx';
import { drawingHotspots } from './drawing-hotspots.ts';
import classes from './card-view.module.css';

interface CardViewProps {
  card: CatalogCard;
  partLink?: CardPartsListProps['partLink'];
  order?: CardPartsListProps['order'];
}

/** The server answers the drawing's address from its own root; with a separate API host it lives there. */
function drawingSrc(url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//.test(url)) return url;
  const api = apiUrl('/');
  return /^https?:\/\//.test(api) ? new URL(url, api).href : url;
}

/** The position's row on screen (the table from tablets up, the card on phones). */
function visibleRow(positionNumber: string): HTMLElement | undefined {
  const rows = document.querySelectorAll<HTMLElement>(`[data-position="${CSS.escape(positionNumber)}"]`);
  return [...rows].find((row) => row.getClientRects().length > 0);
}

/**
 * A card as owners know it from paper parts books: the exploded drawing beside its parts list. A circle on the
 * drawing (hover, focus or tap) highlights its row(s) and brings them into view; a row highlights its circle.
 * `#pos-12` in the address starts with position 12 picked (links from the search).
 */
export function CardView({ card, partLink, order }: CardViewProps) {
  const { t, i18n } = useTranslation('catalog');
  const { hash } = useLocation();
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(() =>
    hash.startsWith('#pos-') ? decodeURIComponent(hash.slice(5)) : null,
  );
  const active = hovered ?? selected;
  const name = translate(card.name, i18n.language);

  const hotspots = useMemo(
    () => drawingHotspots(card.positions, (p) => translate(p.part.name, i18n.language) || p.part.symbol),
    [card.positions, i18n.language],
  );

  const reveal = useCallback((positionNumber: string) => {
    visibleRow(positionNumber)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    if (selected) reveal(selected);
    // Only the position from the address, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const hoverHotspot = (positionNumber: string | null) => {
    setHovered(positionNumber);
    if (positionNumber) reveal(positionNumber);
  };
  const selectHotspot = (positionNumber: string) => {
    setSelected(positionNumber);
    reveal(positionNumber);
  };
  const selectRow = (positionNumber: string) =>
    setSelected((current) => (current === positionNumber ? null : positionNumber));

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 4 }} className={classes.drawingColumn}>
        <SectionCard icon={IconPhoto} title={t('card.drawing')}>
          <CardDrawing
            src={drawingSrc(card.drawingUrl)}
            width={card.drawingWidth}
            height={card.drawingHeight}
            alt={t('card.drawing-alt', { name })}
            hotspots={hotspots}
            active={active}
            onHover={hoverHotspot}
            onSelect={selectHotspot}
          />
        </SectionCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <SectionCard icon={IconListDetails} title={t('card.parts')}>
          <CardPartsList
            positions={card.positions}
            active={active}
            onHover={setHovered}
            onSelect={selectRow}
            partLink={partLink}
            order={order}
            empty={<EmptyState size="sm" icon={IconListDetails} title={t('card.empty')} />}
          />
        </SectionCard>
      </Grid.Col>
    </Grid>
  );
}
