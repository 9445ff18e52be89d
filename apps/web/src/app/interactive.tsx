import { useEffect } from 'react';

/**
 * A prerendered page arrives `inert` (scripts/prerender.mjs): it paints at once, but a click or a
 * key before React has taken it over would do nothing, or worse, a form's native submit would put
 * what was typed, a password too, in the address. Once the app has mounted (hydrated or rendered),
 * the page takes input. Wraps the whole app on both sides, so the server's tree and the
 * browser's stay the same shape.
 */
function Interactive({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.removeAttribute('aria-busy');
  }, []);
  return children;
}

export { Interactive };
