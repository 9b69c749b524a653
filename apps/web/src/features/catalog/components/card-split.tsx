import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import classes from './card-split.module.css';

/** Below these the drawing is too small to read and the list too narrow for its order column. */
const DRAWING_MIN_PX = 320;
const LIST_MIN_PX = 580;

/**
 * From 1200 px: the drawing left, the parts list right, side by side and as tall as the window allows, with a
 * separator between them that the pointer drags and the arrow keys move (react-resizable-panels, ADR 025).
 * The split a person chose is kept in localStorage for every card.
 */
export function CardSplit({ drawing, list }: { drawing: ReactNode; list: ReactNode }) {
  const { t } = useTranslation('catalog');
  const layout = useDefaultLayout({ id: 'catalog-card', onlySaveAfterUserInteractions: true });
  return (
    <div className={classes.split} data-card-split>
      <Group
        orientation="horizontal"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel id="drawing" defaultSize="50%" minSize={DRAWING_MIN_PX} className={classes.pane}>
          {drawing}
        </Panel>
        <Separator className={classes.separator} aria-label={t('card.resize')}>
          <span className={classes.grip} aria-hidden />
        </Separator>
        <Panel id="list" minSize={LIST_MIN_PX} className={classes.pane}>
          {list}
        </Panel>
      </Group>
    </div>
  );
}
