/**
 * Names read from the account that break the platform's name rules (model/platform-names.ts): pull leaves
 * out the resources that carry one (a manifest could not declare them, and the name could read as
 * something else in a file), and notes them, with what to do.
 */
import { isPlatformName, NAME_RULE_WORDS, type NameRule } from '../model/platform-names.js';

/**
 * Names read from the account that break the platform's rules: what pull leaves out, and one note per
 * object type or event definition naming them (at most a few, each shown as JSON text so that any
 * character reads plainly; the notes go through safe text when printed) and what to do.
 */
export class NameNotes {
  private readonly found: { where: string; what: string }[] = [];
  constructor(private readonly notes: string[]) {}

  /**
   * Whether the resource is refused for its name (or the name of what holds it: a property's group);
   * notes it when so.
   */
  refuses(rule: NameRule, where: string, name: string, holder?: { rule: NameRule; name: string }): boolean {
    if (!isPlatformName(rule, name)) {
      this.found.push({ where, what: `${rule.noun} ${shown(name)}` });
      return true;
    }
    if (holder !== undefined && !isPlatformName(holder.rule, holder.name)) {
      this.found.push({
        where,
        what: `${rule.noun} ${name} (in the ${holder.rule.noun} ${shown(holder.name)})`,
      });
      return true;
    }
    return false;
  }

  flush(): void {
    if (this.found.length === 0) return;
    const where = this.found[0]?.where ?? '';
    const listed = this.found.slice(0, MAX_LISTED).map((f) => f.what);
    const more = this.found.length - listed.length;
    this.notes.push(
      `${where}: not pulled, a name breaks the platform's name rules (${NAME_RULE_WORDS}; at most 100 ` +
        `characters, 50 for an event property): ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}. ` +
        'No manifest can declare such a name: rename or recreate each in the account under a valid name to manage it.',
    );
    this.found.length = 0;
  }
}

const MAX_LISTED = 5;

/** A name as JSON text, cut short when long: every character visible, a great length bounded. */
function shown(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}...` : name);
}
