type ClassNames = string | null | undefined | false | 0 | ClassNames[];

/**
 * Stands in for tailwind-merge's `twMerge` in the frame's build (vite.config.ts says why): joins
 * the class names it is given, merging nothing.
 */
export function twMerge(...classNames: ClassNames[]): string {
  return classNames
    .map((name) => (Array.isArray(name) ? twMerge(...name) : name))
    .filter(Boolean)
    .join(' ');
}
