import { recordCall } from '@parley/api/call-recorder';
import { useEffect, useRef, useState } from 'react';
import { api } from './api';
import type { MediaChoice } from './devices';
import { CallPeer, type PeerState } from './peer';
import type { CallSocket } from './visitor-socket';

const STARTING: PeerState = { local: null, mediaReady: false, remote: null, link: 'connecting', quality: null };

interface UseCallPeerOptions {
  callId: string;
  /** The call's own token (its ICE servers are asked with it). */
  token: string;
  /** The call's socket, which carries the signals; the connection waits for it. */
  socket: CallSocket | null;
  choice: MediaChoice;
}

/**
 * The visitor's WebRTC connection for a connected call, for as long as the calling component is
 * mounted with a socket: every track stops and the connection closes when it unmounts (the call
 * ended, the visitor hung up) or the page goes away.
 */
export function useCallPeer({ callId, token, socket, choice }: UseCallPeerOptions) {
  const [state, setState] = useState<PeerState>(STARTING);
  const [microphoneOn, setMicrophoneOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const peer = useRef<CallPeer | null>(null);
  // The devices as chosen when the call connected: choosing again later does not restart it.
  const chosen = useRef(choice);

  useEffect(() => {
    if (!socket) {
      return;
    }
    const current = new CallPeer({
      choice: chosen.current,
      getIceServers: async () => (await api.visitor.iceServers(callId, token)).data,
      send: (signal) => socket.send({ type: 'signal', callId, signal }),
      onChange: setState,
    });
    peer.current = current;
    const stopListening = socket.listen((signal) => current.receive(signal));
    const close = () => current.close();
    window.addEventListener('pagehide', close);
    void current.start();
    return () => {
      window.removeEventListener('pagehide', close);
      stopListening();
      current.close();
      peer.current = null;
      setState(STARTING);
      setMicrophoneOn(true);
      setCameraOn(true);
    };
  }, [socket, callId, token]);

  // The visitor's own side, sent while the call runs, for the call's recording.
  const local = state.local;
  useEffect(() => {
    if (!local) {
      return;
    }
    const recording = recordCall(local, {
      open: async (contentType) => (await api.visitor.openMedia(callId, token, { contentType })).data,
      parts: async (mediaId, partNumbers) =>
        (await api.visitor.mediaParts(callId, token, mediaId, { partNumbers })).data.parts,
      complete: (mediaId) => api.visitor.completeMedia(callId, token, mediaId),
    });
    return () => {
      void recording.stop();
    };
  }, [local, callId, token]);

  const toggleMicrophone = () => {
    peer.current?.setMicrophone(!microphoneOn);
    setMicrophoneOn(!microphoneOn);
  };
  const toggleCamera = () => {
    peer.current?.setCamera(!cameraOn);
    setCameraOn(!cameraOn);
  };

  return { state, microphoneOn, cameraOn, toggleMicrophone, toggleCamera };
}
