// The split point of the page-style panel's chunk (see page-style.tsx). Importing the package's
// index itself lazily would pull the whole index, panel included, into the page: main.tsx imports
// applyPageSettings from it statically.
export { PageStylePanel } from '@parley/ui/page-style-panel';
