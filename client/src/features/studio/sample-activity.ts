/** Static sample rows of the studio dashboard: nothing here is live data. */
export const RECENT_SUBMISSIONS = [
  { id: "rs1", title: "After Hours", artist: "Nova Reign", when: "2 hours ago" },
  { id: "rs2", title: "Low Tide", artist: "Coastal Drift", when: "Yesterday" },
  { id: "rs3", title: "Grey Skies", artist: "City Lights Collective", when: "2 days ago" },
] as const;

export const UPCOMING_SESSIONS = [
  { id: "us1", title: "Vocal tracking", artist: "Marisol Vega", when: "Tomorrow, 10:00 AM · Studio A" },
  { id: "us2", title: "Mixing session", artist: "The Velvet Static", when: "Thursday, 2:00 PM · Studio B" },
  { id: "us3", title: "Drum recording", artist: "Nova Reign", when: "Saturday, 11:00 AM · Live Room" },
] as const;
