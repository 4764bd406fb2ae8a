import type { IncomingMessage } from "node:http";

export declare const PEER_HEADER: "x-forecourt-peer";
export declare function stampPeer(req: IncomingMessage, key: string): void;
