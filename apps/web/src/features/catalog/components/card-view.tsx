import type { CatalogCard } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import { Stack } from '@mantine/core';
import { IconListDetails, IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { apiUrl } from '#app/config/runtime-config.ts';
import { CardDrawing } from './card-drawing.tsx';
import { CardPane } from './card-pane.tsx';
import { CardPartsList, type CardPartsListProps } from './card-parts-list.tsx';
import { CardSplit } from './card-split.tsx';
import { DrawingFullScreen } from './drawing-full-screen.tsx';
import { drawingHotspots } from './drawing-hotspots.ts';
import { revealRow } from './reveal-row.ts';
import { useContentLanguage } from '../use-content-language.ts';
import { useSelectedPosition } from '../use-selected-position.ts';
import { useWideLayout } from '../use-wide-layout.ts';

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

/**
 * A card as owners know it from paper parts books: the exploded drawing beside its parts list (from 1200 px, in a
 * resizable split; narrower, the drawing above the list, with a full-screen view). A circle on the drawing (hover,
 * focus) highlights its row(s) and brings them into view; a click selects it, as a click on a row does. The
 * selected position is in the address (`?pos=12`), so a reload or a shared link shows it selected.
 */
export function CardView({ card, listActions, partLink, order }: CardViewProps) {
  const { t } = useTranslation('catalog');
  const language = useContentLanguage();
  const wide = useWideLayout();
  const [selected, select] = useSelectedPosition();
  const [hovered, setHovered] = useState<string | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const active = hovered ?? selected;
  const name = translate(card.name, language);

  const hotspots = useMemo(
    () => drawingHotspots(card.positions, (p) => translate(p.part.name, language) || p.part.symbol),
    [card.positions, language],
  );

  // The position the address selects is shown whole once the layout it sits in is on screen and its text has
  // its final size (the web font).
  useEffect(() => {
    if (!selected) return;
    let cancelled = false;
    const fontsReady = 'fonts' in document ? document.fonts.ready : Promise.resolve();
    void fontsReady.then(() =>
      requestAnimationFrame(() => {
        if (!cancelled) revealRow(selected, 'arrival');
      }),
    );
    return () => {
      cancelled = true;
    };
    // Only on arrival and when the layout changes: a selection made here scrolls where it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wide]);

  const hoverHotspot = (positionNumber: string | null) => {
    setHovered(positionNumber);
    if (positionNumber) revealRow(positionNumber, 'hover');
  };
  const selectHotspot = (positionNumber: string) => {
    select(positionNumber);
    setHovered(null);
    // After the dialog (full screen) has closed and the row is on screen again.
    requestAnimationFrame(() => revealRow(positionNumber, 'pick'));
  };
  const selectRow = (positionNumber: string) => select(selected === positionNumber ? null : positionNumber);

  const drawingProps = {
    src: drawingSrc(card.drawingUrl),
    width: card.drawingWidth,
    height: card.drawingHeight,
    alt: t('card.drawing-alt', { name }),
    hotspots,
    active,
    selected,
    onHover: hoverHotspot,
    onSelect: selectHotspot,
  };
  const drawing = (
    <CardPane icon={IconPhoto} title={t('card.drawing')} fill={wide}>
      <CardDrawing {...drawingProps} fit={wide} onFullScreen={() => setFullScreen(true)} />
    </CardPane>
  );
  const list = (
    <CardPane icon={IconListDetails} title={t('card.parts')} actions={listActions} fill={wide}>
      <CardPartsList
        positions={card.positions}
        active={active}
        selected={selected}
        onHover={setHovered}
        onSelect={selectRow}
        partLink={partLink}
        order={order}
        fill={wide}
        empty={<EmptyState size="sm" icon={IconListDetails} title={t('card.empty')} />}
      />
    </CardPane>
  );

  return (
    <>
      {wide ? (
        <CardSplit drawing={drawing} list={list} />
      ) : (
        <Stack gap="md">
          {drawing}
          {list}
        </Stack>
      )}
      <DrawingFullScreen
        {...drawingProps}
        opened={fullScreen}
        onClose={() => setFullScreen(false)}
        title={name}
      />
    </>
  );
}
