/** Every scenario a page can name in `<!-- example: NAME -->`. */
import type { Scenario } from '../scenario.js';
import { uniqueReplace } from './changes.js';
import { editedAccount } from './edited-account.js';
import { productionPlan, twoEnvironments } from './environments.js';
import { exampleProject, examples, tour } from './examples.js';
import { labelScope } from './label-scope.js';
import { salesScope } from './policy.js';
import { adoptTickets, changedSinceDeploy } from './pull.js';
import { dataCheck, readingAPlan } from './records.js';
import { refusedArchive } from './refused-archive.js';
import { orderShippedEvent, ticketsEscalation, unknownEvent } from './small-projects.js';

export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  tour,
  examples,
  'example-project': exampleProject,
  'edited-account': editedAccount,
  'refused-archive': refusedArchive,
  'tickets-escalation': ticketsEscalation,
  'order-shipped-event': orderShippedEvent,
  'unknown-event': unknownEvent,
  'data-check': dataCheck,
  'reading-a-plan': readingAPlan,
  'adopt-tickets': adoptTickets,
  'changed-since-deploy': changedSinceDeploy,
  'sales-scope': salesScope,
  'label-scope': labelScope,
  'production-plan': productionPlan,
  'two-environments': twoEnvironments,
  'unique-replace': uniqueReplace,
};
