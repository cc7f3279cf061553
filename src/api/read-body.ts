/**
 * Reads an answer body with a size cap, checked while streaming: a declared length over the cap fails
 * before any byte is read, and an endless or oversized body stops at the first chunk past the cap (the
 * connection is then dropped). Nothing is buffered beyond the cap.
 */

export interface BodyStream extends AsyncIterable<Uint8Array | string> {
  destroy(error?: Error): unknown;
}

/** The body as text, or `undefined` when it is larger than `limitBytes`. */
export async function readCapped(
  body: BodyStream,
  limitBytes: number,
  declaredLength: string | string[] | undefined,
): Promise<string | undefined> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength);
  if (declaredLength !== undefined && Number.isFinite(declared) && declared > limitBytes) {
    body.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += bytes.length;
    if (size > limitBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
