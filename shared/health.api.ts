import { route } from "./api-route";

/**
 * The routes anyone may read before signing in: the load balancers' health check and the
 * client's runtime settings. Their schemas: healthContract in shared/health.ts.
 */
export const healthApi = {
  health: route("GET", "/api/health", "public"),
  config: route("GET", "/api/config", "public"),
};
