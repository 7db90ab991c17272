// The buyer's order page by its signed link (the confirmation e-mail's `/orders/{token}`): the
// order's status, lines, amounts, address and tracking, with no account needed.
import { apiErrorSchema, defineContract } from "./contract";
import { merchandiseFulfilmentApi } from "./merchandise-fulfilment.api";
import { orderTokenParams, publicMerchandiseOrderSchema } from "./merchandise-fulfilment";

/** The order page's read; the rest of the token routes (a return request) are the fulfilment's. */
export const merchandiseOrderPageApi = { orderPage: merchandiseFulfilmentApi.orderPage };

export const merchandiseOrderPageContract = defineContract("merchandiseOrderPage", merchandiseOrderPageApi, {
  orderPage: {
    summary: "A shop order as its buyer sees it: status, lines, amounts, address, parcels and their tracking",
    description: "404 for a token that is not genuine (altered, forged) or an order that does not exist.",
    params: orderTokenParams,
    responses: { 200: publicMerchandiseOrderSchema, 404: apiErrorSchema },
  },
});
