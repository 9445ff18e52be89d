export { formatBytes, UploadProgress, type UploadProgressProps, type UploadProgressStatus } from './upload-progress';
