import type { CatalogCard } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Grid } from '@mantine/core';
import { IconListDetails, IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { apiUrl } from '#app/config/runtime-config.ts';
import { CardDrawing } from './card-drawing.tsx';
import { CardPartsList, type CardPartsListProps } from './card-parts-list.tsx';
import { drawingHotspots } from './drawing-hotspots.ts';
import classes from './card-view.module.css';
import { useContentLanguage } from '../use-content-language.ts';

interface CardViewProps {
  card: CatalogCard;
  /** Beside the parts list's title (the public card's way to sign in and order). */
  listActions?: ReactNode;
  partLink?: CardPartsListProps['partLink'];
  order?: CardPartsListProps['order'];
}

/** The server answers the drawing's address from its own root; with a separate API host it lives there. */
export function drawingSrc(url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//.test(url)) return url;
  const api = apiUrl('/');
  return /^https?:\/\//.test(api) ? new URL(url, api).href : url;
}

/** The position an address's `#pos-12` picks. */
const addressPosition = (hash: string) =>
  hash.startsWith('#pos-') ? decodeURIComponent(hash.slice(5)) : null;
const noSubscription = () => () => {};
const serverPosition = () => null;

/** SPEC §9: the header's height; it stays on top of the page. */
const PAGE_HEADER_HEIGHT = 60;

/** The position's row on screen (the table from tablets up, the card on phones). */
function visibleRow(positionNumber: string): HTMLElement | undefined {
  const rows = document.querySelectorAll<HTMLElement>(`[data-position="${CSS.escape(positionNumber)}"]`);
  return [...rows].find((row) => row.getClientRects().length > 0);
}

/**
 * Brings a position's row into view. Beside the drawing the list scrolls in its own pane, so only that pane
 * moves; the page itself scrolls only for a pick (tap, click), never for a hover, so the drawing under the
 * pointer never slides away.
 */
function revealRow(positionNumber: string, page: boolean): void {
  const row = visibleRow(positionNumber);
  const pane = row?.closest<HTMLElement>('[data-parts-pane]');
  if (!row) return;
  if (pane && pane.scrollHeight > pane.clientHeight) {
    // The part of the pane on screen: below its header row and the page header, above the window's bottom.
    const rowBox = row.getBoundingClientRect();
    const paneBox = pane.getBoundingClientRect();
    const head = pane.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const top = Math.max(paneBox.top + head, PAGE_HEADER_HEIGHT);
    const bottom = Math.min(paneBox.bottom, window.innerHeight);
    if (rowBox.top < top) pane.scrollBy({ top: rowBox.top - top, behavior: 'smooth' });
    else if (rowBox.bottom > bottom) pane.scrollBy({ top: rowBox.bottom - bottom, behavior: 'smooth' });
    return;
  }
  if (page) row.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
}

/**
 * A card as owners know it from paper parts books: the exploded drawing beside its parts list. A circle on the
 * drawing (hover, focus or tap) highlights its row(s) and brings them into view; a row highlights its circle.
 * `#pos-12` in the address starts with position 12 picked (links from the search).
 */
export function CardView({ card, listActions, partLink, order }: CardViewProps) {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const { hash } = useLocation();
  const [hovered, setHovered] = useState<string | null>(null);
  // `#pos-12` picks position 12, except while React adopts the server's markup of the page (entry-server.tsx),
  // which never sees the address's hash: then nothing, and the position right after.
  const fromAddress = useSyncExternalStore(noSubscription, () => addressPosition(hash), serverPosition);
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const selected = picked === undefined ? fromAddress : picked;
  const active = hovered ?? selected;
  const name = translate(card.name, language);

  const hotspots = useMemo(
    () => drawingHotspots(card.positions, (p) => translate(p.part.name, language) || p.part.symbol),
    [card.positions, language],
  );

  useEffect(() => {
    if (fromAddress) revealRow(fromAddress, true);
  }, [fromAddress]);

  const hoverHotspot = (positionNumber: string | null) => {
    setHovered(positionNumber);
    if (positionNumber) revealRow(positionNumber, false);
  };
  const selectHotspot = (positionNumber: string) => {
    setPicked(positionNumber);
    revealRow(positionNumber, true);
  };
  const selectRow = (positionNumber: string) =>
    setPicked((current) =>
      (current === undefined ? fromAddress : current) === positionNumber ? null : positionNumber,
    );

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
        <SectionCard icon={IconListDetails} title={t('card.parts')} actions={listActions}>
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
