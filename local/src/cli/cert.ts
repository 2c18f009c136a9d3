import { ensureCertificate } from '../certs.ts';

// Run before Node processes that must trust the local HTTPS services (NODE_EXTRA_CA_CERTS is read at start).
const { certFile } = await ensureCertificate();
process.stdout.write(certFile);
