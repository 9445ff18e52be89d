import * as React from 'react';

type PossibleRef<Instance> = React.Ref<Instance> | undefined;

/**
 * One stable callback ref that hands the node to every given ref (a caller's and our own).
 * It reads the refs of the latest render, so a caller may pass a new callback each render.
 */
function useComposedRefs<Instance>(...refs: PossibleRef<Instance>[]): React.RefCallback<Instance> {
  const latest = React.useRef(refs);
  latest.current = refs;
  return React.useCallback((node: Instance | null) => {
    for (const ref of latest.current) {
      if (typeof ref === 'function') {
        ref(node);
      } else if (ref) {
        ref.current = node;
      }
    }
  }, []);
}

export { useComposedRefs };
