// A gateway in front of the sample API that gives the subscription key back, as a careless proxy
// or a chatty error page would, and in the forms encoders give it: in every answer's headers, in
// the message of every error (500, 503, 429 and, when told to, 401; the 500's percent-encoded in
// lower case, across the 200th character of a long message), in the address of a redirect
// (percent-encoded, across the 200th character of the message about it), and inside one organisation's record (JSON-escaped as PHP and .NET write it:
// `\/`, `\u002B`). The key must still reach no file and no output.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSampleApi } from '../../src/sample-api/server.ts';

export interface EchoingApi {
  baseUrl: string;
  /** The organisation whose record carries the key. */
  recordId: string;
  /** The organisation answered only with a redirect whose address holds the key. */
  redirectedId: string;
  /** How many times the key was given back, by where. */
  echoes: { header: number; errorBody: number; redirect: number; record: number };
  /** While true, every request is refused with a 401 that quotes the key. */
  refuseKey: boolean;
  close(): Promise<void>;
}

/** Every request of an organisation fails once with a 500 quoting the key, then passes through. */
export async function startEchoingApi(upstream: RunningSampleApi): Promise<EchoingApi> {
  const key = upstream.key;
  const [recordId, redirectedId] = upstream.dataset.ids;
  if (recordId === undefined || redirectedId === undefined)
    throw new Error('the sample API has too few records');
  const echoes = { header: 0, errorBody: 0, redirect: 0, record: 0 };
  const failedOnce = new Set<string>();
  const prefix = new URL(upstream.baseUrl).pathname;

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    response.setHeader('x-echo-subscription-key', key);
    echoes.header += 1;
    if (gateway.refuseKey) {
      echoes.errorBody += 1;
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ statusCode: 401, message: `Access denied: key ${key} is not valid` }));
      return;
    }
    const organisation = /\/Organisation\/([^/?]+)/.exec(path)?.[1];
    if (organisation !== undefined && decodeURIComponent(organisation) === redirectedId) {
      echoes.redirect += 1;
      // Long enough that the key straddles the 200th character of the crawler's message about it
      // ("unexpected redirect (HTTP 302) to " and this address).
      const back = 'x'.repeat(100);
      const location = `https://gateway.invalid/signin?return=${back}&subscription-key=${encodeURIComponent(key)}`;
      response.writeHead(302, { location }).end();
      return;
    }
    if (organisation !== undefined && !failedOnce.has(organisation)) {
      failedOnce.add(organisation);
      echoes.errorBody += 1;
      // The message's first 186 characters, then the key: a cut at 200 would keep its start.
      const encoded = encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase());
      const message = `${'backend busy; '.repeat(13)}key ${encoded}`;
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ statusCode: 500, message }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['ocp-apim-subscription-key', 'accept']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstreamResponse = await fetch(new URL(path, upstream.origin), { headers });
    let body = Buffer.from(await upstreamResponse.arrayBuffer());
    if (
      organisation !== undefined &&
      decodeURIComponent(organisation) === recordId &&
      upstreamResponse.status === 200
    ) {
      const record = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      record['legalObjectsExtract'] =
        `Quote the subscription key ${key} when you call. ${String(record['legalObjectsExtract'] ?? '')}`;
      const escaped = key.replaceAll('/', '\\/').replaceAll('+', '\\u002B').replaceAll('=', '\\u003d');
      body = Buffer.from(JSON.stringify(record).replaceAll(key, escaped));
      echoes.record += 1;
    }
    if (upstreamResponse.status >= 400 && upstreamResponse.status !== 404) {
      // The upstream's own error, with the key the request came with added to its message.
      let message = body.toString('utf8');
      try {
        message = String((JSON.parse(message) as { message?: unknown }).message ?? message);
      } catch {
        // A cut-off body: quoted as it came.
      }
      body = Buffer.from(
        JSON.stringify({ statusCode: upstreamResponse.status, message: `${message} (key ${key})` }),
      );
      echoes.errorBody += 1;
    }
    const passed: Record<string, string> = {};
    for (const name of ['content-type', 'retry-after']) {
      const value = upstreamResponse.headers.get(name);
      if (value !== null) passed[name] = value;
    }
    response.writeHead(upstreamResponse.status, passed).end(body);
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The handler reads `gateway.refuseKey`; it runs only once the gateway below exists.
  const gateway: EchoingApi = {
    baseUrl: `http://127.0.0.1:${port}${prefix}`,
    recordId,
    redirectedId,
    echoes,
    refuseKey: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return gateway;
}
