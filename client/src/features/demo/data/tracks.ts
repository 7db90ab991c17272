/** Six hard-coded sample tracks (id, title, artist, price, cover). */
export interface SampleTrack {
  id: string;
  title: string;
  artist: string;
  /** Dollars, as displayed. */
  price: string;
  /** Seconds, for the local player's progress. */
  length: number;
  /** Two colours of the generated cover art. */
  cover: [string, string];
}

export const SAMPLE_TRACKS: readonly SampleTrack[] = [
  {
    id: "t1",
    title: "Midnight Frequencies",
    artist: "Nova Reign",
    price: "1.29",
    length: 214,
    cover: ["#7c3aed", "#ec4899"],
  },
  {
    id: "t2",
    title: "Static Hearts",
    artist: "The Velvet Static",
    price: "0.99",
    length: 187,
    cover: ["#0ea5e9", "#22d3ee"],
  },
  { id: "t3", title: "Golden Hour", artist: "Marisol Vega", price: "1.29", length: 242, cover: ["#f59e0b", "#ef4444"] },
  { id: "t4", title: "Neon Nights", artist: "Nova Reign", price: "0.99", length: 198, cover: ["#10b981", "#6366f1"] },
  {
    id: "t5",
    title: "Southside Sunday",
    artist: "Coastal Drift",
    price: "1.49",
    length: 263,
    cover: ["#f43f5e", "#a855f7"],
  },
  {
    id: "t6",
    title: "Blue Hour Blues",
    artist: "City Lights Collective",
    price: "1.29",
    length: 231,
    cover: ["#1d4ed8", "#0f766e"],
  },
];

/** Case-insensitive match on title or artist. */
export function filterTracks(tracks: readonly SampleTrack[], search: string): SampleTrack[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...tracks];
  return tracks.filter((t) => t.title.toLowerCase().includes(term) || t.artist.toLowerCase().includes(term));
}
