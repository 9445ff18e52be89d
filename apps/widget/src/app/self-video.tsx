import { useStreamVideo } from './stream-video';

/**
 * The visitor's own camera: mirrored, as people expect to see themselves, and never heard (their
 * own voice would echo). Sized by `className`.
 */
export function SelfVideo({ stream, label, className }: { stream: MediaStream; label: string; className: string }) {
  const video = useStreamVideo(stream);
  return (
    <video
      ref={video}
      autoPlay
      muted
      playsInline
      aria-label={label}
      className={`-scale-x-100 object-cover ${className}`}
    />
  );
}
