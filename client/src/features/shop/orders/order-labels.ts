/** Plain words for an order's status. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  failed: "Payment failed",
  paid: "Paid",
  "partially-shipped": "Partially shipped",
  shipped: "Shipped",
  returned: "Returned",
  cancelled: "Cancelled",
};

export const orderTitle = (order: { orderNumber: number | null }) =>
  order.orderNumber === null ? "Order" : `Order #${order.orderNumber}`;
