import type { Express } from "express";

export interface MountedRoute {
  method: string;
  path: string;
}

type Layer = {
  rawPath?: string;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/**
 * Every route the app mounts, read from Express's own router (Express 5 layers keep their
 * mount path in rawPath), so a route added later cannot escape the authorization matrix.
 */
export function listRoutes(app: Express): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const method of Object.keys(layer.route.methods)) {
            if (method !== "_all") routes.push({ method: method.toUpperCase(), path: prefix + path });
          }
        }
      } else if (layer.handle?.stack) {
        // A router mounted without a path has rawPath "/"; its routes start with "/" themselves.
        walk(
          layer.handle.stack,
          prefix + (typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : ""),
        );
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return routes;
}
