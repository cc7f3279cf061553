/** The `crm-schema/<version>` user agent, read once from the package's package.json. */
import { readFileSync } from 'node:fs';
import { packagePath } from '../core/package-root.js';

const pkg = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string };

export const CLIENT_VERSION: string = pkg.version;
export const USER_AGENT = `crm-schema/${CLIENT_VERSION}`;
