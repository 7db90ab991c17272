/** A value as res.json() sends it: dates become ISO strings, everything else stays. */
export type AsJson<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? AsJson<U>[]
    : T extends object
      ? { [K in keyof T]: AsJson<T[K]> }
      : T;

/**
 * Types a service's answer the way the client receives it, so a router can check it against
 * the shared response type: `res.json(asJson(value) satisfies InvoiceResponse)`.
 */
export function asJson<T>(value: T): AsJson<T> {
  return value as AsJson<T>;
}
