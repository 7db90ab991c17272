import { asc, eq, inArray, sql } from "drizzle-orm";
import { merchandise, merchandiseShippingRates, shippingZones } from "@shared/merchandise.table";
import type { SetShippingRates, SetShippingZones, ShippingRate, ShippingZone } from "@shared/shipping";
import type { Database, Executor } from "../../../db/database";

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

export async function listZones(db: Executor): Promise<ShippingZone[]> {
  const rows = await db
    .select(zoneAnswer)
    .from(shippingZones)
    .orderBy(asc(shippingZones.position), asc(shippingZones.name));
  return rows.map((row) => ({ ...row, taxRate: rateOf(row) }));
}

/**
 * Replaces the zones in one transaction: a zone kept by name keeps its id (so its items'
 * rates stay), a zone left out goes with its rates. The zones' table is locked so two
 * admins saving at once apply one after the other.
 */
export function setZones(db: Database, { zones }: SetShippingZones): Promise<ShippingZone[]> {
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
}

export async function itemExists(db: Executor, merchandiseId: string): Promise<boolean> {
  const [row] = await db.select({ id: merchandise.id }).from(merchandise).where(eq(merchandise.id, merchandiseId));
  return row !== undefined;
}

export async function listRates(db: Executor, merchandiseId: string): Promise<ShippingRate[]> {
  return db
    .select({
      zone: shippingZones.name,
      first: merchandiseShippingRates.first,
      additional: merchandiseShippingRates.additional,
    })
    .from(merchandiseShippingRates)
    .innerJoin(shippingZones, eq(shippingZones.id, merchandiseShippingRates.zoneId))
    .where(eq(merchandiseShippingRates.merchandiseId, merchandiseId))
    .orderBy(asc(shippingZones.position), asc(shippingZones.name));
}

/** Replaces an item's rates; the names of the zones that do not exist, when some do not (nothing changed). */
export function setRates(
  db: Database,
  merchandiseId: string,
  { rates }: SetShippingRates,
): Promise<{ unknownZones: string[] }> {
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
}
