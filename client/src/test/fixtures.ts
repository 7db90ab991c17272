// Response factories for the public site's tests (landing sections, gallery, pages).
import type { FeaturedArtist } from "@shared/featured-artists";
import type { PublicLiveStream } from "@shared/live-streams";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import type { ShowDetail, ShowSummary } from "@shared/shows";
import type { TourDate } from "@shared/tour-dates";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { VENDOR_SPOT_TYPES, type VendorSpotType } from "@shared/constants";

const CREATED = "2026-11-01T00:00:00.000Z";

export const NO_PLATFORMS = { facebook: false, instagram: false, tiktok: false, rumble: false };

export function makeFeaturedArtist(overrides: Partial<FeaturedArtist> = {}): FeaturedArtist {
  return {
    id: "a1",
    artistName: "Nova Reign",
    bio: "Houston-born singer and producer.",
    imageUrl: "/demo/artists/nova-reign.svg",
    videoUrl: null,
    songUrl: null,
    month: "November 2026",
    isActive: 1,
    createdAt: CREATED,
    ...overrides,
  };
}

/** An item on sale as the list answers it; without options, with its one default variant. */
export function makeMerchandiseItem(overrides: Partial<MerchandiseWithVariants> = {}): MerchandiseWithVariants {
  const id = overrides.id ?? "m1";
  const price = overrides.price ?? "14.5";
  const stockQuantity = overrides.stockQuantity ?? 150;
  return {
    id,
    name: "Enamel Pin Set",
    description: "Three hard-enamel pins.",
    price,
    imageUrl: "/demo/merch/enamel-pin-set.svg",
    category: "Accessories",
    artist: null,
    stockQuantity,
    isAvailable: 1,
    maxPerOrder: 10,
    shipsFrom: null,
    options: [],
    variants: [
      { id: `${id}-default`, sku: "PIN-SET", options: {}, price, ownPrice: false, stockQuantity, lowStockThreshold: 3 },
    ],
    createdAt: CREATED,
    ...overrides,
  };
}

export function makeLiveStream(overrides: Partial<PublicLiveStream> = {}): PublicLiveStream {
  return {
    id: "s1",
    title: "Live from Studio A",
    description: "A listening session",
    status: "live",
    viewerCount: 1284,
    streamUrl: null,
    embedUrl: null,
    thumbnailUrl: null,
    scheduledFor: null,
    startedAt: "2026-11-21T20:00:00.000Z",
    endedAt: null,
    platforms: NO_PLATFORMS,
    tiktokUsername: null,
    ...overrides,
  };
}

export function makeTourDate(overrides: Partial<TourDate> = {}): TourDate {
  return {
    id: "t1",
    artistName: "Nova Reign",
    date: "2026-12-12",
    time: "20:00",
    location: "Austin, TX",
    timeZone: "America/Chicago",
    eventId: null,
    vendorSlots: { standard: null, premium: null, deluxe: null },
    createdAt: CREATED,
    ...overrides,
  };
}

export function makeShow(overrides: Partial<ShowSummary> = {}): ShowSummary {
  return {
    id: "0b7f3c1e-4a5d-4c2b-9e8f-1a2b3c4d5e6f",
    artistName: "Nova Reign",
    date: "2031-07-14",
    time: "20:00",
    location: "Pier 9, New York, NY",
    timeZone: "America/New_York",
    startsAt: "2031-07-14T20:00:00-04:00",
    past: false,
    eventId: null,
    ...overrides,
  };
}

export function makeVendorSlots(remaining: Partial<Record<VendorSpotType, number>> = {}): VendorSlotAvailability[] {
  return VENDOR_SPOT_TYPES.map((spotType) => {
    const left = remaining[spotType] ?? 10;
    return { spotType, capacity: Math.max(left, 10), remaining: left, soldOut: left <= 0 };
  });
}

export function makeShowDetail(overrides: Partial<ShowDetail> = {}): ShowDetail {
  return { ...makeShow(overrides), tickets: null, vendorSlots: makeVendorSlots(), moreByArtist: [], ...overrides };
}
