import yazl from 'yazl';

/** A zip built in memory with yazl; names are written as given, so a test can plant `../` entries. */
export async function yazlZip(entries: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    zip.addBuffer(typeof e.data === 'string' ? Buffer.from(e.data) : e.data, e.name, { compress: true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A zip whose entry is named `../../etc/cron.d/x`. yazl refuses to write such a name, so the entry is
 * written as `aa/aa/etc/cron.d/x` and the bytes of both headers are patched: the attack a hostile archive makes.
 */
export async function traversalZip(): Promise<Buffer> {
  const zip = await yazlZip([{ name: 'aa/aa/etc/cron.d/x', data: 'x' }]);
  const safe = Buffer.from('aa/aa/');
  const evil = Buffer.from('../../');
  for (let at = zip.indexOf(safe); at !== -1; at = zip.indexOf(safe, at + 1)) evil.copy(zip, at);
  return zip;
}
