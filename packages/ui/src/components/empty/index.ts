export { Empty, EmptyIllustration, type EmptyProps, emptyVariants } from './empty';
