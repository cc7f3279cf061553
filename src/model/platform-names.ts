/**
 * The platform's rules for internal names, as the manifests accept them (`schemas/manifest.schema.json`:
 * `propertyName`, `groupName`, `eventPropertyName`, `eventName`; a test keeps the two the same). A name
 * read from the account is checked against them before pull or init writes it anywhere: one that breaks
 * them (a comma, a quote, a line break, YAML syntax, a great length) would make a manifest that does not
 * validate, or a project file entry that reads back as something else, so it is never adopted.
 */
export type NameKind = 'property' | 'group' | 'eventProperty' | 'event';

const NAME = /^[a-z][a-z0-9_]*$/;

/** The longest name of each kind. */
export const NAME_MAX_LENGTH: Readonly<Record<NameKind, number>> = {
  property: 100,
  group: 100,
  eventProperty: 50,
  event: 100,
};

/** The rule in words, for messages. */
export const NAME_RULE_WORDS = 'a lowercase letter first, then lowercase letters, digits and underscores';

export function isPlatformName(kind: NameKind, name: string): boolean {
  return name.length <= NAME_MAX_LENGTH[kind] && NAME.test(name);
}
