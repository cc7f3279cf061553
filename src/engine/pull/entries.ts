/**
 * Live resources as manifest entries: each family writes its own (the API's own names, and only the fields
 * that differ from the platform's defaults, so the YAML stays short); this is the shape they share.
 */
import type { PlainValue } from './yaml-edit.js';

export type Entry = { [key: string]: PlainValue };
