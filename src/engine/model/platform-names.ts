/**
 * The platform's rule for internal names, as the manifests accept them (each family's name shapes in the
 * manifest's JSON Schema: a lowercase letter first, then lowercase letters, digits and underscores, up to
 * a length of its kind). A name read from the account is checked against it before pull or init writes it
 * anywhere: one that breaks it (a comma, a quote, a line break, YAML syntax, a great length) would make a
 * manifest that does not validate, or a project file entry that reads back as something else, so it is
 * never adopted.
 */
const NAME = /^[a-z][a-z0-9_]*$/;

/** The rule in words, for messages. */
export const NAME_RULE_WORDS = 'a lowercase letter first, then lowercase letters, digits and underscores';

/** A kind of internal name: what it is called, and its longest length. */
export interface NameRule {
  noun: string;
  maxLength: number;
}

export function isPlatformName(rule: NameRule, name: string): boolean {
  return name.length <= rule.maxLength && NAME.test(name);
}
