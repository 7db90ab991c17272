import { and, eq } from "drizzle-orm";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { outboxMessages } from "@shared/outbox.table";
import { signedTokens } from "../../../lib/signed-token";
import { useShopApp, type ShopTestContext } from "../shop-app.test-support";

const SECRET = "fulfilment-test-session-secret-0123456789";
/** Signs order links as the app under test does (it runs with SECRET). */
export const orderTokens = signedTokens(SECRET, "merchandise-order");

/** What a fulfilment test file works with, set once its app has started (useFulfilmentApp). */
export type FulfilmentTestContext = ShopTestContext;

let shop = {} as FulfilmentTestContext;

/**
 * Starts the shop's test app with a known session secret, so order links can be signed here
 * (useShopApp), and keeps its context for the helpers below.
 */
export function useFulfilmentApp(): FulfilmentTestContext {
  shop = useShopApp({ SESSION_SECRET: SECRET });
  return shop;
}

export const base = (id: string) => `/api/merchandise-orders/${id}`;

export function messagesAbout(aboutType: string, aboutId: string) {
  return shop.app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, aboutType), eq(outboxMessages.aboutId, aboutId)));
}

export async function orderRow(id: string) {
  const [row] = await shop.app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
  return row;
}
