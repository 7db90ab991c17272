import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { merchandise, merchandiseShippingRates, shippingZones } from "@shared/merchandise.table";
import type { SetShippingRates, SetShippingZones, ShippingRate, ShippingZone } from "@shared/shipping";
import type { Database, Executor } from "../../db/database";

/** A zone with its tax rate as the checkout prices with it. */
export interface ZoneRow {
  id: string;
  name: string;
  taxRate: string;
}

const zoneAnswer = {
  id: shippingZones.id,
  name: shippingZones.name,
  countries: shippingZones.countries,
  taxRate: shippingZones.taxRate,
};

/** Drops the trailing zeros numeric(6,3) gives a tax rate ("20.000" → "20"). */
function rateOf(zone: { taxRate: string }) {
  return String(Number(zone.taxRate));
}

export function createShippingRepository(db: Database) {
  async function listZones(tx: Executor = db): Promise<ShippingZone[]> {
    const rows = await tx
      .select(zoneAnswer)
      .from(shippingZones)
      .orderBy(asc(shippingZones.position), asc(shippingZones.name));
    return rows.map((row) => ({ ...row, taxRate: rateOf(row) }));
  }

  return {
    listZones,

    /**
     * Replaces the zones in one transaction: a zone kept by name keeps its id (so its items'
     * rates stay), a zone left out goes with its rates. The zones' table is locked so two
     * admins saving at once apply one after the other.
     */
    setZones({ zones }: SetShippingZones): Promise<ShippingZone[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${shippingZones} in share row exclusive mode`);
        const existing = await tx.select({ id: shippingZones.id, name: shippingZones.name }).from(shippingZones);
        const byName = new Map(existing.map((zone) => [zone.name.toLowerCase(), zone.id]));
        const kept = new Set<string>();
        for (const [position, zone] of zones.entries()) {
          const id = byName.get(zone.name.toLowerCase());
          const values = { name: zone.name, countries: zone.countries, taxRate: zone.taxRate, position };
          if (id) {
            kept.add(id);
            await tx.update(shippingZones).set(values).where(eq(shippingZones.id, id));
          } else {
            await tx.insert(shippingZones).values(values);
          }
        }
        const removed = existing.filter((zone) => !kept.has(zone.id)).map((zone) => zone.id);
        if (removed.length > 0) await tx.delete(shippingZones).where(inArray(shippingZones.id, removed));
        return listZones(tx);
      });
    },

    /** The zone a country is in, if any. */
    async zoneOf(country: string, tx: Executor = db): Promise<ZoneRow | undefined> {
      const [row] = await tx
        .select({ id: shippingZones.id, name: shippingZones.name, taxRate: shippingZones.taxRate })
        .from(shippingZones)
        .where(sql`${country} = any(${shippingZones.countries})`)
        .limit(1);
      return row && { ...row, taxRate: rateOf(row) };
    },

    async itemExists(merchandiseId: string): Promise<boolean> {
      const [row] = await db.select({ id: merchandise.id }).from(merchandise).where(eq(merchandise.id, merchandiseId));
      return row !== undefined;
    },

    async listRates(merchandiseId: string, tx: Executor = db): Promise<ShippingRate[]> {
      return tx
        .select({
          zone: shippingZones.name,
          first: merchandiseShippingRates.first,
          additional: merchandiseShippingRates.additional,
        })
        .from(merchandiseShippingRates)
        .innerJoin(shippingZones, eq(shippingZones.id, merchandiseShippingRates.zoneId))
        .where(eq(merchandiseShippingRates.merchandiseId, merchandiseId))
        .orderBy(asc(shippingZones.position), asc(shippingZones.name));
    },

    /** Replaces an item's rates; the names of the zones that do not exist, when some do not (nothing changed). */
    setRates(merchandiseId: string, { rates }: SetShippingRates): Promise<{ unknownZones: string[] }> {
      return db.transaction(async (tx) => {
        // Share lock: the zones cannot be replaced while their rates are written.
        await tx.execute(sql`lock table ${shippingZones} in share mode`);
        const zones = await tx.select({ id: shippingZones.id, name: shippingZones.name }).from(shippingZones);
        const byName = new Map(zones.map((zone) => [zone.name.toLowerCase(), zone.id]));
        const unknownZones = rates.filter((rate) => !byName.has(rate.zone.toLowerCase())).map((rate) => rate.zone);
        if (unknownZones.length > 0) return { unknownZones };
        await tx.delete(merchandiseShippingRates).where(eq(merchandiseShippingRates.merchandiseId, merchandiseId));
        if (rates.length > 0) {
          await tx.insert(merchandiseShippingRates).values(
            rates.map((rate) => ({
              merchandiseId,
              zoneId: byName.get(rate.zone.toLowerCase())!,
              first: rate.first,
              additional: rate.additional,
            })),
          );
        }
        return { unknownZones: [] };
      });
    },

    /** The rates of these items to one zone, by item id. */
    async ratesTo(
      zoneId: string,
      merchandiseIds: string[],
      tx: Executor = db,
    ): Promise<Map<string, { first: string; additional: string }>> {
      if (merchandiseIds.length === 0) return new Map();
      const rows = await tx
        .select({
          merchandiseId: merchandiseShippingRates.merchandiseId,
          first: merchandiseShippingRates.first,
          additional: merchandiseShippingRates.additional,
        })
        .from(merchandiseShippingRates)
        .where(
          and(
            eq(merchandiseShippingRates.zoneId, zoneId),
            inArray(merchandiseShippingRates.merchandiseId, merchandiseIds),
          ),
        );
      return new Map(rows.map((row) => [row.merchandiseId, row]));
    },
  };
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>;
