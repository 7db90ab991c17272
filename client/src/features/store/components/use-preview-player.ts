import { useEffect, useRef, useState } from "react";
import { usePlaylist } from "@/hooks/use-playlist";

/** What the player bar shows of a track (the same shape as the store's sample tracks). */
export interface PlayerTrack {
  id: string;
  title: string;
  artist: string;
  price: string;
  /** Seconds. */
  length: number;
  cover: [string, string];
  /** The release's cover image, drawn instead of the gradient when it has one. */
  coverUrl?: string | null;
  /** The 30-second preview; null before its audio is made. */
  previewUrl?: string | null;
}

/**
 * The player bar's state for real previews: one <audio> element plays the chosen track's preview,
 * and position and volume follow it. The same answers as the sample tracks' local player.
 */
export function usePreviewPlayer(tracks: readonly PlayerTrack[]) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const { index, playing, setPlaying, position, setPosition, togglePlay, play, previous, next } = usePlaylist(
    tracks.length,
  );
  const [volume, setVolume] = useState(75);
  const track = tracks[Math.min(index, Math.max(tracks.length - 1, 0))];

  useEffect(() => {
    const element = new Audio();
    element.preload = "none";
    const onTime = () => setPosition(Math.floor(element.currentTime));
    const onEnd = () => setPlaying(false);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("ended", onEnd);
    audio.current = element;
    return () => {
      element.pause();
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("ended", onEnd);
    };
  }, [setPlaying, setPosition]);

  useEffect(() => {
    const element = audio.current;
    if (!element || !track?.previewUrl) return;
    if (!element.src.endsWith(track.previewUrl)) element.src = track.previewUrl;
    if (playing) void element.play().catch(() => setPlaying(false));
    else element.pause();
  }, [track?.previewUrl, playing, setPlaying]);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume / 100;
  }, [volume]);

  return {
    track,
    playing,
    position,
    volume,
    togglePlay,
    playTrack: (id: string) => play(tracks.findIndex((t) => t.id === id)),
    previous,
    next,
    seek: (seconds: number) => {
      if (audio.current) audio.current.currentTime = seconds;
      setPosition(seconds);
    },
    setVolume,
  };
}
