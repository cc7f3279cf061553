/** What every semantic rule gets, and the one way rules report. */

export type { Rule, RuleContext } from '../../manifest-part.js';

export { report } from '../model/items.js';
