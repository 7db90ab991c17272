// The label's tax on downloads by the buyer's country (docs/product.md, "Music store"): a
// country without a rate pays none. A cart's downloads are taxed at their country's rate, its
// goods at their shipping zone's.
import { z } from "zod";
import { defineContract } from "./contract";
import { countryCode, taxRateString } from "./shipping";
import { digitalTaxApi } from "./store.api";

export { digitalTaxApi } from "./store.api";

/** Countries with a digital rate: at most one row each. */
export const MAX_DIGITAL_TAX_COUNTRIES = 250;

export const digitalTaxRateSchema = z.object({ country: countryCode, rate: taxRateString });

/** PUT /api/store/digital-tax-rates: every country's rate (a country left out has none). */
export const digitalTaxRatesInputSchema = z.object({
  rates: z
    .array(digitalTaxRateSchema)
    .max(MAX_DIGITAL_TAX_COUNTRIES)
    .refine((rates) => new Set(rates.map((r) => r.country)).size === rates.length, "Each country once"),
});
export type DigitalTaxRatesInput = z.input<typeof digitalTaxRatesInputSchema>;
export type DigitalTaxRatesBody = z.output<typeof digitalTaxRatesInputSchema>;

export const digitalTaxRatesSchema = z
  .object({
    rates: z.array(z.object({ country: z.string(), countryName: z.string(), rate: z.string() })),
  })
  .meta({ id: "DigitalTaxRates" });
export type DigitalTaxRates = z.output<typeof digitalTaxRatesSchema>;

export const digitalTaxContract = defineContract("digitalTax", digitalTaxApi, {
  getRates: {
    summary: "The label's tax rates on downloads, by country, in percent",
    responses: { 200: digitalTaxRatesSchema },
  },
  putRates: {
    summary: "Replaces every country's digital tax rate",
    description: "400 naming the field for an unknown country, a rate outside 0–100, or a country twice.",
    body: digitalTaxRatesInputSchema,
    responses: { 200: digitalTaxRatesSchema },
  },
});
