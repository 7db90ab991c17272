import type { developmentResources } from "@shared/schema";

// The sample artist-development resources a fresh install shows (seed.ts). Each links to a
// real file the app serves from client/public/demo/resources/files.

const FILES = "/demo/resources/files";

export const DEVELOPMENT_RESOURCES: (typeof developmentResources.$inferInsert)[] = [
  {
    title: "Release Campaign Checklist",
    description: "Week-by-week plan from final master to release day, with everything your team needs to tick off.",
    category: "marketing",
    resourceType: "template",
    thumbnailUrl: "/demo/resources/marketing.svg",
    contentUrl: `${FILES}/release-campaign-checklist.txt`,
    downloadUrl: `${FILES}/release-campaign-checklist.txt`,
    duration: 10,
  },
  {
    title: "Growing Your Fanbase on Social Media",
    description: "Six habits that turn casual listeners into fans who show up to shows and buy merch.",
    category: "marketing",
    resourceType: "article",
    thumbnailUrl: "/demo/resources/marketing.svg",
    contentUrl: `${FILES}/social-media-playbook.txt`,
    duration: 12,
  },
  {
    title: "Pitching to Playlists and Press",
    description: "How to write a pitch that editors read, and when to send it.",
    category: "marketing",
    resourceType: "video",
    thumbnailUrl: "/demo/resources/marketing.svg",
    duration: 24,
    // Still being edited: shows that unpublished resources stay off the page.
    isPublished: 0,
  },
  {
    title: "Vocal Recording Fundamentals",
    description: "Room, microphone, gain and takes: get a clean, confident vocal at home or in the studio.",
    category: "production",
    resourceType: "tutorial",
    thumbnailUrl: "/demo/resources/production.svg",
    contentUrl: `${FILES}/vocal-recording-fundamentals.txt`,
    duration: 35,
  },
  {
    title: "Mixing Low End: Kick and Bass",
    description:
      "Hear the kick alone, the bass alone, then both locked together: where a low end that hits on every system starts.",
    category: "production",
    resourceType: "video",
    thumbnailUrl: "/demo/resources/production.svg",
    contentUrl: `${FILES}/mixing-low-end.mp4`,
    duration: 1,
  },
  {
    title: "Split Sheet Template",
    description: "Agree songwriting shares on the day you write the song, before anyone asks.",
    category: "legal",
    resourceType: "template",
    thumbnailUrl: "/demo/resources/legal.svg",
    contentUrl: `${FILES}/split-sheet-template.txt`,
    downloadUrl: `${FILES}/split-sheet-template.txt`,
    duration: 5,
  },
  {
    title: "Understanding Publishing and Royalties",
    description: "Where streaming, radio and sync money comes from, and how to make sure it reaches you.",
    category: "legal",
    resourceType: "guide",
    thumbnailUrl: "/demo/resources/legal.svg",
    contentUrl: `${FILES}/publishing-royalties-guide.txt`,
    duration: 20,
  },
  {
    title: "Stage Plot and Input List",
    description: "A ready-made stage plot and eight-channel input list to send to every venue.",
    category: "performance",
    resourceType: "template",
    thumbnailUrl: "/demo/resources/performance.svg",
    contentUrl: `${FILES}/stage-plot.svg`,
    downloadUrl: `${FILES}/stage-plot.svg`,
    duration: 8,
  },
  {
    title: "Commanding the Stage",
    description: "Set lists, transitions and crowd work: practical tips for your next live show.",
    category: "performance",
    resourceType: "guide",
    thumbnailUrl: "/demo/resources/performance.svg",
    contentUrl: `${FILES}/live-performance-tips.txt`,
    duration: 15,
  },
];
