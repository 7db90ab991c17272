import { useState } from "react";

/**
 * Which track of a list the player bar has chosen, whether it plays and where it stands: the
 * navigation the store's players share (the sample tracks' simulated one and the real previews').
 * `play(i)` chooses track i and plays it, or pauses it when it is the one playing; previous and
 * next wrap around the list and start the track from its beginning.
 */
export function usePlaylist(count: number) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);

  const go = (next: number) => {
    if (count === 0) return;
    setIndex((next + count) % count);
    setPosition(0);
  };

  return {
    index,
    playing,
    setPlaying,
    position,
    setPosition,
    togglePlay: () => setPlaying((p) => !p),
    play: (next: number) => {
      if (next === index) return setPlaying((p) => !p);
      go(next);
      setPlaying(true);
    },
    previous: () => go(index - 1),
    next: () => go(index + 1),
  };
}
