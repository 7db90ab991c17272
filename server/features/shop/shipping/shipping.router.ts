import { shippingContract } from "@shared/shipping";
import { contractRouter } from "../../../lib/contract-router";
import { HttpError } from "../../../lib/http-error";
import type { Database } from "../../../db/database";
import { itemExists, listRates, listZones, setRates, setZones } from "./shipping.repository";

/** Shipping zones (public list, the admins' writes) and each item's rates to them (admins). */
export function createShippingRouter(db: Database) {
  async function assertItem(id: string) {
    if (!(await itemExists(db, id))) throw HttpError.notFound("Merchandise item not found");
  }

  return contractRouter(shippingContract, {
    listZones: async () => ({ status: 200, body: await listZones(db) }),
    setZones: async ({ body }) => ({ status: 200, body: await setZones(db, body) }),
    listRates: async ({ params }) => {
      await assertItem(params.id);
      return { status: 200, body: await listRates(db, params.id) };
    },
    setRates: async ({ params, body }) => {
      await assertItem(params.id);
      const { unknownZones } = await setRates(db, params.id, body);
      if (unknownZones.length > 0) {
        const message = `No zone is called ${unknownZones.join(", ")}`;
        throw HttpError.badRequest(message, { rates: [message] });
      }
      return { status: 200, body: await listRates(db, params.id) };
    },
  });
}
