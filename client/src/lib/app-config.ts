import { queryOptions } from "@tanstack/react-query";
import type { AppConfig } from "@shared/config";
import { APP_CONFIG_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/config (shared/config.ts). */
export const appConfigQuery = queryOptions<AppConfig>({ queryKey: APP_CONFIG_QUERY_KEY });
