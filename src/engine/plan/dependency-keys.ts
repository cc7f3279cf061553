/**
 * The keys changes provide and need (see dependencies.ts): a change runs after every change that
 * provides a key it needs. Each kind names its keys with these.
 */
export const keys = {
  /** a group, property, label or event definition (by address) is created */
  created: (address: string) => `created ${address}`,
  /** an event property (by address) is deleted so that it can be created again with a new type */
  deletedForRetype: (address: string) => `deleted-for-retype ${address}`,
  /** a property leaves a group (by the group's address): archived, replaced or moved */
  leftGroup: (groupAddress: string) => `left-group ${groupAddress}`,
  /** a calculated property whose formula uses this property (by address) is archived */
  userArchived: (propertyAddress: string) => `user-archived ${propertyAddress}`,
  /** the limit of a label's type is purged */
  purged: (from: string, to: string, typeId: number | undefined) => `purged ${from}->${to}|${typeId}`,
} as const;
