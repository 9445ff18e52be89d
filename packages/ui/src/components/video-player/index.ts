export {
  type VideoCaptionTrack,
  VideoPlayer,
  type VideoPlayerProps,
  type VideoPlayerState,
} from './video-player';
