// The label's tax on downloads per buyer's country (docs/decisions/055-downloads-in-the-cart.md):
// read by the cart's pricing, replaced whole by administrators.
import { asc, eq } from "drizzle-orm";
import type { DigitalTaxRates, DigitalTaxRatesBody } from "@shared/digital-tax";
import { countryName } from "@shared/shipping";
import { digitalTaxRates } from "@shared/store.table";
import type { Database, Executor } from "../../db/database";

/** numeric(6,3) answers "20.000": shown and applied as "20", as the shipping zones' rates are. */
const plainRate = (rate: string) => String(Number(rate));

/** The country's digital rate in percent, or null when the label set none. */
export async function digitalTaxRate(db: Executor, country: string): Promise<string | null> {
  const [row] = await db
    .select({ rate: digitalTaxRates.rate })
    .from(digitalTaxRates)
    .where(eq(digitalTaxRates.country, country));
  return row ? plainRate(row.rate) : null;
}

export async function listDigitalTaxRates(db: Executor): Promise<DigitalTaxRates> {
  const rows = await db.select().from(digitalTaxRates).orderBy(asc(digitalTaxRates.country));
  return {
    rates: rows.map((row) => ({
      country: row.country,
      countryName: countryName(row.country) ?? row.country,
      rate: plainRate(row.rate),
    })),
  };
}

/** Every country's rate at once, in one transaction: a country left out has none from now on. */
export async function replaceDigitalTaxRates(db: Database, input: DigitalTaxRatesBody): Promise<DigitalTaxRates> {
  await db.transaction(async (tx) => {
    await tx.delete(digitalTaxRates);
    if (input.rates.length > 0)
      await tx.insert(digitalTaxRates).values(input.rates.map(({ country, rate }) => ({ country, rate })));
  });
  return listDigitalTaxRates(db);
}
