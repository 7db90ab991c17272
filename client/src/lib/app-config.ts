import type { healthContract } from "@shared/health";
import { healthApi } from "@shared/health.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof healthContract>(healthApi);

/** The runtime settings (Stripe's publishable key, whether a master code works, LIVE NOW's polling). */
export const appConfigQuery = api.config.query();
