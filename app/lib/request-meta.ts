// Who is asking, as a use-case needs it: the request (cookies, headers for better-auth) and the
// client's address (rate limits, recorded consent). Routes build it; modules of any area take it.
export interface RequestMeta {
  request: Request;
  clientIp: string;
}

/** A use-case called with a posted form: its raw fields (the use-case parses them) and who asks. */
export interface FormCall {
  input: unknown;
  meta: RequestMeta;
}
