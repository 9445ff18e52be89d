export {
  RecordingStatus,
  type RecordingStatusProps,
  type RecordingStatusValue,
  recordingStatusVariants,
} from './recording-status';
