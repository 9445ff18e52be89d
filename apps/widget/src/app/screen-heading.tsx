import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * A screen's heading. It takes the focus when it appears after the visitor's step (`focus`), so
 * the keyboard carries on from the new screen and a screen reader says where they are; give it
 * a `key` per screen so that each new screen mounts a new heading.
 */
export function ScreenHeading({ children, focus = true, id }: { children: ReactNode; focus?: boolean; id?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (focus) {
      heading.current?.focus();
    }
  }, [focus]);
  return (
    <h2 ref={heading} id={id} tabIndex={-1} className="font-medium text-lg outline-none">
      {children}
    </h2>
  );
}
