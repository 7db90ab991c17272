// Business constants and UI limits (docs/product.md, "Rules and limits").
// Server and client both read these, so a price or limit is stated exactly once.

/** The label's name wherever no administrator has set one (the app's header, e-mails). */
export const DEFAULT_LABEL_NAME = "Label Records";

export const VENDOR_SPOT_TYPES = ["standard", "premium", "deluxe"] as const;
export type VendorSpotType = (typeof VENDOR_SPOT_TYPES)[number];

export interface VendorSpot {
  key: VendorSpotType;
  label: string;
  /** Whole dollars; the server charges exactly this (docs/decisions/006-payment-settlement.md). */
  price: number;
  description: string;
}

export const VENDOR_SPOTS: Record<VendorSpotType, VendorSpot> = {
  standard: { key: "standard", label: "Standard Spot", price: 150, description: "Basic access" },
  premium: { key: "premium", label: "Premium Spot", price: 300, description: "Better visibility" },
  deluxe: { key: "deluxe", label: "Deluxe Spot", price: 500, description: "Maximum exposure" },
};

export const DEFAULT_SPOT: VendorSpotType = "standard";

export interface AdPackage {
  name: string;
  /** Whole dollars. */
  price: number;
  /** Days. */
  duration: number;
  features: readonly string[];
}

export const AD_PACKAGES: readonly AdPackage[] = [
  {
    name: "Basic",
    price: 299,
    duration: 7,
    features: ["Homepage placement", "Social media posts", "Email newsletter feature"],
  },
  {
    name: "Professional",
    price: 599,
    duration: 14,
    features: ["Homepage placement", "Social media campaign", "Email newsletter feature", "Blog feature article"],
  },
  {
    name: "Premium",
    price: 999,
    duration: 30,
    features: [
      "Homepage placement",
      "Full social media campaign",
      "Email newsletter feature",
      "Blog feature article",
      "In-store display",
      "Artist collaboration promo",
    ],
  },
];

/** Static payment summary of the demonstration booking page (dollars). */
export const BOOKING_SUMMARY = { artistFee: 2500, serviceFee: 250, total: 2750 } as const;

export interface StudioStat {
  label: string;
  value: number | string;
  /** Change against the previous period, as displayed. */
  trend: string;
}

export const STUDIO_STATS: readonly StudioStat[] = [
  { label: "Total Submissions", value: 247, trend: "+12%" },
  { label: "Active Artists", value: 38, trend: "+8%" },
  { label: "Upcoming Bookings", value: 15, trend: "-3%" },
  { label: "Revenue", value: "$24.5K", trend: "+18%" },
];

/** Hourly rates (dollars) of the four sample session musicians. */
export const SESSION_MUSICIAN_RATES = [150, 200, 300, 175] as const;

export const CALENDAR_DAYS = 31;
export const CALENDAR_TIME_SLOT_COUNT = 6;
export const STORE_CART_BADGE = 3;

// Uploads
export const DEFAULT_PICKER_MAX_BYTES = 10_485_760;
export const DEFAULT_PICKER_MAX_FILES = 1;

// Polling, toasts and tooltips
export const LIVE_STREAM_POLL_MS = 30_000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

// Layout
export const MOBILE_BREAKPOINT = 768;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const COPYRIGHT_YEAR = 2024;
/**
 * How visitors reach the label (the footer, a checkout that cannot take cards) while its
 * administrators have set no contact details of their own in Label Settings.
 */
export const DEFAULT_LABEL_CONTACT = { phone: "(555) 010-7625", email: "hello@labelrecords.example" } as const;
export const ARTIST_SKELETON_COUNT = 3;
export const RESOURCE_SKELETON_COUNT = 6;

// Invoices
export const INVOICE_DUE_DAYS = 30;

/**
 * The payment step's text when card payments are not configured (docs/product.md, "Vendor
 * booking").
 */
export const PAYMENT_UNAVAILABLE_MESSAGE = "Payment processing is not available at this time. Please contact support.";

/**
 * How many of one thing (tickets of an event, units of a shop item) a single order may take
 * unless an administrator sets otherwise. Each unpaid checkout holds its quantity for a while,
 * so without a cap one visitor could hold the whole stock.
 */
export const DEFAULT_MAX_PER_ORDER = 10;
/** The highest per-order maximum an administrator may set (and the most any order may ask for). */
export const MAX_PER_ORDER_LIMIT = 1000;
