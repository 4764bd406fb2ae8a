// The socket peer of each request, passed to the app in a header only this server can produce.
// `next start` cannot do this: it fills X-Forwarded-For from the socket only when the client sent none,
// so a made-up header would choose the address that rate limits count. The header carries a per-start
// key (FORECOURT_PEER_KEY) that the app checks, so a copy sent by a client, or reaching an app started
// some other way, is never believed; any incoming copy is removed first.

export const PEER_HEADER = "x-forecourt-peer";

/** Replaces any client-sent copy of the peer header with `<key> <socket address>`. */
export function stampPeer(req, key) {
  delete req.headers[PEER_HEADER];
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_HEADER] = `${key} ${address}`;
}
