import type { IncomingMessage, ServerResponse } from "node:http";

export declare const CACHEABLE: RegExp[];
export declare function cacheKeyOf(req: Pick<IncomingMessage, "method" | "url" | "headers">): string | null;
export declare function createPageCache(opts: {
  ttlMs: number;
  maxEntries?: number;
  maxPageBytes?: number;
  maxBytes?: number;
  now?: () => number;
}): {
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    render: (req: IncomingMessage, res: ServerResponse) => unknown,
  ): Promise<boolean>;
  stats: { hit: number; miss: number; bypass: number };
  size(): { entries: number; bytes: number };
  clear(): void;
};
