import * as React from 'react';

/** A next value, or a function of the previous one (as TanStack Table sends updates). */
type Updater<Value> = Value | ((previous: Value) => Value);

function resolve<Value>(updater: Updater<Value>, previous: Value): Value {
  return typeof updater === 'function' ? (updater as (previous: Value) => Value)(previous) : updater;
}

/**
 * State that the caller may own (`value` given) or leave to the component (`defaultValue`).
 * Either way `onChange` hears each real change. Several updates in one event (a sort that also
 * resets the page) build on each other. An owner that keeps its value is asked again on the next
 * event. Values must not themselves be functions.
 */
function useControllableState<Value>(
  value: Value | undefined,
  defaultValue: Value,
  onChange?: (value: Value) => void,
): [Value, (updater: Updater<Value>) => void] {
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue);
  const [, renderAgain] = React.useReducer((count: number) => count + 1, 0);
  const isControlled = value !== undefined;
  const current = isControlled ? value : uncontrolled;
  const latest = React.useRef(current);
  latest.current = current;
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const update = React.useCallback(
    (updater: Updater<Value>) => {
      const next = resolve(updater, latest.current);
      if (Object.is(next, latest.current)) {
        return;
      }
      latest.current = next;
      if (isControlled) {
        // An owner that keeps its value does not render this component again, and the next
        // event would then start from the refused value; rendering resets it to the owner's.
        // With an owner that accepts, this render is batched into the owner's own.
        renderAgain();
      } else {
        setUncontrolled(next);
      }
      onChangeRef.current?.(next);
    },
    [isControlled],
  );
  return [current, update];
}

export { type Updater, useControllableState };
