import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { repoRoot } from './dataDir.ts';

export interface TlsFiles {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

/**
 * The certificate for the local HTTPS services (identity provider, Graph stand-in): MSAL refuses a
 * plain-HTTP authority, and the Graph client only sends tokens over HTTPS. Made on first start, kept in
 * `.data/certs/` (shared by every data dir, because NODE_EXTRA_CA_CERTS must name it before Node starts).
 */
export async function ensureCertificate(dir = join(repoRoot, '.data', 'certs')): Promise<TlsFiles> {
  const certFile = join(dir, 'localhost.crt');
  const keyFile = join(dir, 'localhost.key');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    const pems = await generate([{ name: 'commonName', value: 'movers local stack' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 3 * 365 * 24 * 3600 * 1000),
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    } as Parameters<typeof generate>[1]);
    writeFileSync(certFile, pems.cert);
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
  }
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}
