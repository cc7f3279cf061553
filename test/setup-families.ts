/**
 * Every test file starts with the product's family list installed into the engine, as the command line
 * does when it loads (src/cli/families.ts); a test of another list installs its own.
 */
import { installFamilies } from '../src/engine/installed.js';
import { ALL_FAMILIES } from '../src/families/all-families.js';

installFamilies(ALL_FAMILIES);
