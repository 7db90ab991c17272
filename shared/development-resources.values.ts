// The values the development resources table stores in its enumerated columns. The table and
// the contract both read them from here, so neither imports the other.

export const RESOURCE_CATEGORIES = ["marketing", "production", "legal", "performance"] as const;

export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export const RESOURCE_TYPES = ["video", "article", "guide", "tutorial", "template", "other"] as const;

export type ResourceType = (typeof RESOURCE_TYPES)[number];
