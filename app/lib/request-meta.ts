// Who is asking, as a use-case needs it: the request (cookies, headers for better-auth) and the
// client's address (rate limits, recorded consent). Routes build it; modules of any area take it.
export interface RequestMeta {
  request: Request;
  clientIp: string;
}
