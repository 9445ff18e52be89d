import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { storedLoginId } from '../../lib/storage';

/**
 * Fills a field with the last account used here (SPEC §3 LoginID) once the page runs: after the
 * first render, so that a prerendered page (rendered with no storage) hydrates as it was rendered.
 * A value typed meanwhile stays; `accept` can refuse a remembered id that does not fit the field.
 */
export function useRememberedLoginId<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  field: Path<Values>,
  accept: (loginId: string) => boolean = () => true,
): void {
  // Once, on mount: `form` and `accept` are stable enough, and a later change must not refill the field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount by design.
  useEffect(() => {
    const loginId = storedLoginId();
    if (loginId && accept(loginId) && !form.getValues(field)) {
      form.setValue(field, loginId as PathValue<Values, Path<Values>>);
    }
  }, []);
}
