// Types for page-budgets.mjs, which the bundle check reads with plain Node.
export declare const LANDING_BUDGET_BYTES: number;
export declare const SIGNED_IN_BUDGET_BYTES: number;
