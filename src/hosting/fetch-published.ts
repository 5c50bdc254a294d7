// A published file read over the web, for `npm run verify` of a site or release at its address:
// redirects followed (a GitHub release's download links redirect to its storage).

/** The bytes at `url`, or `undefined` when it does not answer 200. */
export async function fetchPublished(url: string): Promise<Buffer | undefined> {
  const response = await fetch(url, { redirect: 'follow' });
  if (response.status !== 200) {
    await response.body?.cancel();
    return undefined;
  }
  return Buffer.from(await response.arrayBuffer());
}
