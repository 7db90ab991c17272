import { useEffect, useState } from "react";
import { usePlaylist } from "@/hooks/use-playlist";
import type { SampleTrack } from "../../data/tracks";

/** The music player's state: playing or paused, local only. Nothing is streamed. */
export function useLocalPlayer(tracks: readonly SampleTrack[]) {
  const { index, playing, position, setPosition, togglePlay, play, previous, next } = usePlaylist(tracks.length);
  const [volume, setVolume] = useState(75);
  const track = tracks[index];

  // A simulated clock so the progress bar moves while "playing".
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setPosition((p) => (p + 1 >= track.length ? 0 : p + 1));
    }, 1000);
    return () => clearInterval(timer);
  }, [playing, track.length, setPosition]);

  return {
    track,
    playing,
    position,
    volume,
    togglePlay,
    /** Plays the chosen track, or pauses it when it is the one playing. */
    playTrack: (id: string) => play(tracks.findIndex((t) => t.id === id)),
    previous,
    next,
    seek: setPosition,
    setVolume,
  };
}
