// Shipping zones (the countries the shop ships to, each with its tax rate) and each item's
// shipping rates per zone. Combined shipping as Bandcamp does it: an order pays the highest
// `first` of its items once, and `additional` for every other unit.
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams } from "./contract";
import { shippingApi } from "./shipping.api";
import { decimalString, requiredText } from "./validation";

// One instance for every call: building Intl.DisplayNames costs far more than a lookup, and
// every address the checkout validates is named through it.
let regionNames: Intl.DisplayNames | undefined;

/** The English name of an ISO 3166-1 alpha-2 code ("DE" → "Germany"), or undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    const name = regionNames.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

/** An ISO 3166-1 alpha-2 country code ("us" is read as "US"). */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: "Enter a two-letter country code such as US or DE", abort: true })
  .refine((code) => countryName(code) !== undefined, "Unknown country code");

/** A tax rate in percent ("20" is 20 %, "8.875" allowed), 0 to 100, normalised ("20.000" → "20"). */
export const taxRateString = z
  .string({ error: (issue) => (issue.input === undefined ? "Enter a tax rate" : undefined) })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,3})?$/, { message: "Enter a percentage like 20 or 8.875", abort: true })
  .refine((value) => Number(value) <= 100, "At most 100")
  .transform((value) => String(Number(value)));

export const shippingZoneInputSchema = z.object({
  name: requiredText(80, "Name the zone"),
  countries: z
    .array(countryCode)
    .min(1, "Give the zone at least one country")
    .max(250)
    .refine((codes) => new Set(codes).size === codes.length, "Each country once"),
  taxRate: taxRateString,
});

/** PUT /api/shipping/zones: every zone, replacing the ones there were (a zone left out is removed with its rates). */
export const setShippingZonesSchema = z
  .object({ zones: z.array(shippingZoneInputSchema).max(100) })
  .superRefine(({ zones }, ctx) => {
    const names = new Set<string>();
    const zoneOf = new Map<string, string>();
    zones.forEach((zone, index) => {
      const key = zone.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: "custom", path: ["zones", index, "name"], message: "Each zone name once" });
      names.add(key);
      for (const code of zone.countries) {
        const other = zoneOf.get(code);
        if (other !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["zones", index, "countries"],
            message: `${countryName(code) ?? code} is already in ${other}`,
          });
        }
        zoneOf.set(code, zone.name);
      }
    });
  });
export type SetShippingZones = z.infer<typeof setShippingZonesSchema>;
export type SetShippingZonesInput = z.input<typeof setShippingZonesSchema>;

export const shippingZoneSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    countries: z.array(z.string()),
    /** A percentage as a decimal string ("20"). */
    taxRate: z.string(),
  })
  .meta({ id: "ShippingZone" });
export type ShippingZone = z.output<typeof shippingZoneSchema>;
export const shippingZonesSchema = z.array(shippingZoneSchema);

/** One item's rate to one zone, by the zone's name. */
export const shippingRateSchema = z
  .object({
    zone: requiredText(80, "Choose a zone"),
    first: decimalString("Enter the first unit's shipping"),
    additional: decimalString("Enter each further unit's shipping"),
  })
  .meta({ id: "MerchandiseShippingRate" });
export type ShippingRate = z.output<typeof shippingRateSchema>;

/** PUT /api/merchandise/{id}/shipping: the item's rates, replacing the ones it had (no rate: it does not ship there). */
export const setShippingRatesSchema = z.object({
  rates: z
    .array(shippingRateSchema)
    .max(100)
    .refine((rates) => new Set(rates.map((r) => r.zone.toLowerCase())).size === rates.length, "Each zone once"),
});
export type SetShippingRates = z.infer<typeof setShippingRatesSchema>;
export type SetShippingRatesInput = z.input<typeof setShippingRatesSchema>;
export const shippingRatesSchema = z.array(shippingRateSchema);

/** The 400 for a country no zone has. */
export function notShippedMessage(code: string): string {
  return `We don't ship to ${countryName(code) ?? code}`;
}

/** One unit count per item with its rate to the destination's zone, in cents. */
export interface ShippingUnit {
  firstCents: number;
  additionalCents: number;
  quantity: number;
}

/**
 * Combined shipping: the highest `first` of the order's items once, then `additional` for every
 * other unit (the item whose `first` is charged pays `additional` for its own further units).
 */
export function combinedShippingCents(units: readonly ShippingUnit[]): number {
  const lines = units.filter((u) => u.quantity > 0);
  if (lines.length === 0) return 0;
  const lead = lines.reduce((best, u) => (u.firstCents > best.firstCents ? u : best));
  return lines.reduce(
    (sum, u) =>
      sum + (u === lead ? u.firstCents + (u.quantity - 1) * u.additionalCents : u.quantity * u.additionalCents),
    0,
  );
}

/**
 * Tax on items and shipping at a percentage, in cents, rounded half-up once on the total (no
 * floats: the rate has at most three decimals, so it is scaled to an integer of thousandths).
 */
export function taxCents(taxableCents: number, ratePercent: string): number {
  const [whole, fraction = ""] = ratePercent.split(".");
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3));
  // cents × percent × 1000 / 100_000, half-up.
  const scaled = taxableCents * thousandths;
  return Math.floor((scaled + 50_000) / 100_000);
}

const NOT_FOUND = { 404: apiErrorSchema };

/** An item's rate to a zone as answers carry it (decimal strings). */
export const shippingRateAnswerSchema = z
  .object({ zone: z.string(), first: z.string(), additional: z.string() })
  .meta({ id: "MerchandiseShippingRateAnswer" });
const shippingRateAnswersSchema = z.array(shippingRateAnswerSchema);

/** The shop's zones and each item's rates to them. */
export const shippingContract = defineContract("shipping", shippingApi, {
  listZones: {
    summary: "The shipping zones in order, with their countries and tax rates (the checkout's country list)",
    responses: { 200: shippingZonesSchema },
  },
  setZones: {
    summary: "Replaces every zone; a zone left out is removed with its items' rates to it",
    description: "400 when a country is in two zones or a name is used twice.",
    body: setShippingZonesSchema,
    responses: { 200: shippingZonesSchema },
  },
  listRates: {
    summary: "An item's shipping rates, by zone name",
    params: idParams,
    responses: { 200: shippingRateAnswersSchema, ...NOT_FOUND },
  },
  setRates: {
    summary: "Replaces an item's rates; a zone without a rate is one the item does not ship to",
    description: "400 when a rate names a zone that does not exist.",
    params: idParams,
    body: setShippingRatesSchema,
    responses: { 200: shippingRateAnswersSchema, ...NOT_FOUND },
  },
});
