import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` (a search box asks the server when typing pauses). */
export function useDebouncedValue<Value>(value: Value, delayMs = 300): Value {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
