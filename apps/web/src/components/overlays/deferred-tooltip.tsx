import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, useState, type ReactElement, type Ref } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';

/**
 * Mantine's Tooltip, mounted once the page is interactive (useHydrated); until then its target alone. The
 * target is a new element then: if it had the keyboard's focus, the new one takes it.
 */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const hydrated = useHydrated();
  // A ref callback (stable for the component's life): the target leaving while focused hands focus to its successor.
  const [keepFocus] = useState(() => {
    let hadFocus = false;
    return (node: HTMLElement | null) => {
      if (!node) return;
      if (hadFocus) node.focus();
      hadFocus = false;
      return () => {
        hadFocus = node === document.activeElement;
      };
    };
  });
  const target = cloneElement(children as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref: keepFocus });
  return hydrated ? <Tooltip {...props}>{target}</Tooltip> : target;
}
