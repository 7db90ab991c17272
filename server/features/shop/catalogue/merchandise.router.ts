import { Router, type RequestHandler } from "express";
import { merchandiseApi } from "@shared/merchandise.api";
import { merchandiseStockFiles, merchandiseVariantsApi } from "@shared/merchandise-variants.api";
import {
  merchandiseContract,
  merchandiseVariantsContract,
  type InsertMerchandise,
  type UpdateMerchandise,
} from "@shared/merchandise";
import { contractRouter, listWrites, fromCache, underApi } from "../../../lib/contract-router";
import { markPageNotFound } from "../../../lib/page-status";
import type { ReadCaches } from "../../../lib/read-caches";
import type { RouteSets } from "../../../lib/route-sets";
import type { Database } from "../../../db/database";
import { findAvailableItem, listAllItems, listAvailableItems } from "./merchandise.repository";
import {
  createItem,
  getAvailableItem,
  removeItem,
  setItemOptions,
  updateItemAndStock,
  updateVariant,
  type CatalogueDeps,
} from "./merchandise.service";
import { escapeHtml, renderMessagePage } from "../../../lib/html-page";
import { clientAddress } from "../../../lib/rate-limit";
import {
  confirmStockSignUp,
  requestStock,
  type StockConfirmation,
  type StockSignUpDeps,
} from "./stock-sign-ups.service";

/**
 * The routes app.ts treats specially (lib/route-sets.ts): the public read skips the session, and
 * asking for a back-in-stock e-mail is limited per visitor like a purchase (each request can
 * become an e-mail).
 */
export const merchandiseRouteSets: RouteSets = {
  publicReads: [underApi(merchandiseApi.listAvailable.path)],
  purchases: [underApi(merchandiseVariantsApi.requestStock.path)],
};

/**
 * docs/product.md "API": the available items and an item's page are public, as is asking to be
 * told when a variant is back; the full list and writes are for administrators.
 */
export function createMerchandiseRouter(deps: CatalogueDeps & { signUps: StockSignUpDeps }, readCaches: ReadCaches) {
  const { db, signUps } = deps;
  const service = {
    create: (values: InsertMerchandise) => createItem(db, values),
    update: (id: string, body: UpdateMerchandise) => updateItemAndStock(deps, id, body),
    remove: (id: string) => removeItem(db, id),
  };
  // The landing reads this on every visit; stock sold through checkout changes the tables, which
  // drops the copy on every instance (lib/read-cache.ts).
  const publicList = readCaches.publicList("merchandise", ["merchandise", "merchandise_variants"]);

  const router = Router({ caseSensitive: true });
  router.use(
    contractRouter(merchandiseContract, {
      listAvailable: fromCache(publicList, () => listAvailableItems(db)),
      listAll: async () => ({ status: 200, body: await listAllItems(db) }),
      ...listWrites(service, () => publicList.invalidate()),
    }),
  );
  // After the routes above, so "/api/merchandise/all" is never read as an item's id.
  router.use(
    contractRouter(merchandiseVariantsContract, {
      get: async ({ params }) => ({ status: 200, body: await getAvailableItem(db, params.id) }),
      setOptions: async ({ params, body }) => {
        const item = await setItemOptions(db, params.id, body);
        publicList.invalidate();
        return { status: 200, body: item.variants };
      },
      updateVariant: async ({ params, body }) => {
        const item = await updateVariant(deps, params.variantId, body);
        publicList.invalidate();
        return { status: 200, body: item };
      },
      requestStock: async ({ params, body, req }) => ({
        status: 201,
        body: await requestStock(signUps, params.variantId, body.email, clientAddress(req)),
      }),
    }),
  );
  // The confirmation e-mail's link: a page a person reads, in plain words.
  router.get(underApi(merchandiseStockFiles.confirm.path), async (req, res) => {
    const answer = await confirmStockSignUp(signUps, String(req.params.token));
    res.setHeader("Cache-Control", "private, no-store");
    res
      .status(answer.outcome === "invalid" ? 404 : 200)
      .type("html")
      .send(confirmationPage(answer));
  });
  return router;
}

function confirmationPage(answer: StockConfirmation): string {
  if (answer.outcome === "invalid") {
    return renderMessagePage({
      title: "This link doesn't work",
      message:
        "This confirmation link isn't valid. Copy the whole link from the e-mail, or ask again on the item's page.",
    });
  }
  const action = `<a class="button" href="${escapeHtml(answer.link)}">See it in the shop</a>`;
  return answer.outcome === "in-stock"
    ? renderMessagePage({
        title: "It's in stock now",
        message: `Your address is confirmed, and ${answer.what} is in stock right now, so you can buy it today.`,
        action,
      })
    : renderMessagePage({
        title: "You're on the list",
        message: `Your address is confirmed. We will send you one e-mail when ${answer.what} is back in stock.`,
        action,
      });
}

/**
 * For the /merch/{id} page itself (mounted on MERCH_PAGE_ROUTE): an unknown item, or one not on
 * sale, gets the 404 page with status 404, as its data call answers.
 */
export function merchandisePage(db: Database): RequestHandler {
  return async (req, res, next) => {
    const { id } = req.params;
    const item = typeof id === "string" && isUuid(id) ? await findAvailableItem(db, id.toLowerCase()) : undefined;
    if (!item) markPageNotFound(res);
    next();
  };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
