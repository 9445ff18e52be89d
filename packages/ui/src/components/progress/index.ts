export { Progress, type ProgressProps, type ProgressShape, type ProgressSize, type ProgressStatus } from './progress';
