import { useEffect, useRef } from 'react';

/** A ref for a <video> that shows `stream` (a camera, the other side of a call), kept in step with it. */
export function useStreamVideo(stream: MediaStream | null | undefined) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== (stream ?? null)) {
      video.current.srcObject = stream ?? null;
    }
  }, [stream]);
  return video;
}
