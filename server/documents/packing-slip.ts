/** What a packing slip shows, as plain data (it crosses to a worker thread). */
export interface PackingSlipDocument {
  labelName: string;
  orderNumber: number | null;
  orderedOn: string;
  address: string[];
  lines: { sku: string; name: string; options: string; quantity: number; toShip: number }[];
}
