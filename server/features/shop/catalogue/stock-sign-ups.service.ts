import { variantLabel } from "@shared/merchandise-variants";
import { merchandiseStockFiles } from "@shared/merchandise-variants.api";
import { HttpError } from "../../../lib/http-error";
import { takeCount, waitText } from "../../../lib/rate-limit-counters";
import type { SignedTokens } from "../../../lib/signed-token";
import type { Database } from "../../../db/database";
import type { ShopMessages } from "../shop-deps";
import { confirmStockRequest, findVariant, insertStockRequest } from "./merchandise.repository";

const HOUR_MS = 60 * 60_000;
const VARIANT_NOT_FOUND = "Variant not found";

export interface StockSignUpDeps {
  db: Database;
  messages: Pick<ShopMessages, "queue" | "deliverSoon">;
  tokens: SignedTokens;
  appUrl: string;
  /** Sign-ups of one address by one visitor per hour. */
  perHour: number;
}

/** What the confirmation page says, in plain words. */
export type StockConfirmation =
  | { outcome: "confirmed"; what: string; link: string }
  | { outcome: "in-stock"; what: string; link: string }
  | { outcome: "invalid" };

const confirmLink = (deps: StockSignUpDeps, id: string) =>
  `${deps.appUrl}${merchandiseStockFiles.confirm.path.replace(":token", encodeURIComponent(deps.tokens.sign(id)))}`;

/**
 * "Tell me when it's back" is double opt-in (docs/decisions/041-mail-that-cannot-be-abused.md):
 * anyone can type any address, so the sign-up itself only sends that address one e-mail asking
 * its owner to confirm, and at most `perHour` times per visitor and address; the back-in-stock
 * e-mail goes only to confirmed sign-ups (variant-stock.ts). For a sold-out variant of an item on
 * sale; counted in the sign-up's transaction, so a refusal counts for nothing.
 */
export async function requestStock(deps: StockSignUpDeps, variantId: string, email: string, visitor: string) {
  const found = await findVariant(deps.db, variantId);
  if (!found || found.item.isAvailable !== 1) throw HttpError.notFound(VARIANT_NOT_FOUND);
  if (found.variant.stockQuantity > 0) throw HttpError.conflict("This is in stock: you can buy it now");
  const requestedAt = await deps.db.transaction(async (tx) => {
    const key = `stock-requests:${visitor}:${email.trim().toLowerCase()}`;
    const wait = await takeCount(tx, key, HOUR_MS, deps.perHour);
    if (wait !== null) {
      throw HttpError.tooMany(
        `This address was signed up here ${deps.perHour} times in the last hour. You can try again in ${waitText(wait)}.`,
        wait,
      );
    }
    const request = await insertStockRequest(tx, variantId, email);
    if (!request.confirmed) {
      await deps.messages.queue(tx, [
        {
          template: "merchandise-stock-confirm",
          recipient: email,
          params: {
            itemName: found.item.name,
            variant: variantLabel(found.variant.options),
            confirmLink: confirmLink(deps, request.id),
          },
          aboutType: "merchandise_stock_request",
          aboutId: request.id,
        },
      ]);
    }
    return request.requestedAt;
  });
  deps.messages.deliverSoon();
  return { variantId, requestedAt };
}

/** The link in the confirmation e-mail: a forged or unknown token confirms nothing. */
export async function confirmStockSignUp(deps: StockSignUpDeps, token: string): Promise<StockConfirmation> {
  const id = deps.tokens.verify(token);
  const row = id ? await confirmStockRequest(deps.db, id) : undefined;
  if (!row) return { outcome: "invalid" };
  const label = variantLabel(row.options);
  const what = label ? `${row.itemName} (${label})` : row.itemName;
  const link = `${deps.appUrl}/merch/${row.merchandiseId}`;
  return { outcome: row.stockQuantity > 0 && !row.notified ? "in-stock" : "confirmed", what, link };
}
