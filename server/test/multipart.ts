/** One file of a multipart form: its name, content type, bytes and form field (default "image"). */
export type MultipartFile = { name: string; type: string; data: Buffer | string; field?: string };

/** A multipart body as a browser would send it (text fields first, then files): the bytes and the content-type with its boundary. */
export async function multipart(parts: MultipartFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const part of parts) {
    const bytes = typeof part.data === 'string' ? new TextEncoder().encode(part.data) : new Uint8Array(part.data);
    form.append(part.field ?? 'image', new Blob([bytes], { type: part.type }), part.name);
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}
