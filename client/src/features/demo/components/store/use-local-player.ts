import { useEffect, useState } from "react";
import type { SampleTrack } from "../../data/tracks";

/** The music player's state: playing or paused, local only. Nothing is streamed. */
export function useLocalPlayer(tracks: readonly SampleTrack[]) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [volume, setVolume] = useState(75);
  const track = tracks[index];

  // A simulated clock so the progress bar moves while "playing".
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setPosition((p) => (p + 1 >= track.length ? 0 : p + 1));
    }, 1000);
    return () => clearInterval(timer);
  }, [playing, track.length]);

  const go = (next: number) => {
    setIndex((next + tracks.length) % tracks.length);
    setPosition(0);
  };

  return {
    track,
    playing,
    position,
    volume,
    togglePlay: () => setPlaying((p) => !p),
    /** Plays the chosen track, or pauses it when it is the one playing. */
    playTrack: (id: string) => {
      const next = tracks.findIndex((t) => t.id === id);
      if (next === index) return setPlaying((p) => !p);
      go(next);
      setPlaying(true);
    },
    previous: () => go(index - 1),
    next: () => go(index + 1),
    seek: setPosition,
    setVolume,
  };
}
