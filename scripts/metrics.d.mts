import type { IncomingMessage, ServerResponse } from "node:http";
import type { Registry } from "prom-client";

export declare const METRICS_REGISTRY: unique symbol;
export type RouteMatcher = { route: string; re: RegExp; dynamic: number };
export declare function loadRoutes(root: string): RouteMatcher[];
export declare function routeOf(routes: RouteMatcher[], url: string | undefined): string;
export declare function createHttpMetrics(root: string): {
  registry: Registry;
  observe(req: IncomingMessage, res: ServerResponse): void;
  pageCache(stats: Record<string, number>): void;
};
