/** The `crm-schema/<version>` user agent, read once from package.json (two levels up from src/api and dist/api). */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../../package.json') as { version: string };

export const CLIENT_VERSION: string = pkg.version;
export const USER_AGENT = `crm-schema/${CLIENT_VERSION}`;
