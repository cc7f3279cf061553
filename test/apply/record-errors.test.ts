/**
 * The CRM's errors about records, as a data step shows them (src/engine/apply/record-errors.ts): under
 * `recordValues: hide` nothing of the CRM's words is kept, whatever part of the error held the value
 * (the message, a detail's message, the context, a request body kept for reconciling), only the codes,
 * the record ids and the property names; under `show` the error is kept as it came.
 */
import { describe, expect, it } from 'vitest';
import { errorFromBatchItem } from '../../src/api/error-mapping.js';
import { OutcomeUnknownError, ValidationError, isApiError } from '../../src/api/errors.js';
import { recordErrorShown } from '../../src/engine/apply/record-errors.js';
import { MigrationRuleError } from '../../src/engine/apply/migrate.js';
import { outcomeError } from '../../src/engine/apply/send.js';

const VALUE = 'jane.doe@example.com';
const CALL = { method: 'POST', path: '/crm/v3/objects/tickets/batch/update' };
const CONTEXT = { objectType: 'tickets', properties: ['support_mail', 'support_addr'] };

/** Everything an error could carry to an output: its message, hint, meta and what a report keeps. */
function everything(error: unknown): string {
  const e = error as Error & { hint?: string; meta?: unknown };
  return JSON.stringify([e.message, e.hint, e.meta, outcomeError(error)]);
}

describe('an error of the CRM about records under recordValues: hide', () => {
  it('keeps the codes, the record ids and the property names, and none of the CRM’s words', () => {
    const item = errorFromBatchItem(CALL, {
      status: 'error',
      category: 'CONFLICT',
      subCategory: 'UNIQUE_VALUE',
      message: `A tickets record with support_addr '${VALUE}' already exists. Existing ID: 1.`,
      context: { ids: ['2'], id: ['1'], value: [VALUE], idProperty: [VALUE] },
      errors: [
        { message: `Value '${VALUE}' is used by record 1.`, code: 'VALUE_NOT_UNIQUE', in: 'support_addr' },
        { message: VALUE, code: `BAD ${VALUE}`, in: VALUE, context: { propertyName: [VALUE, 'other'] } },
      ],
      links: {},
    });
    expect(everything(item)).toContain(VALUE);
    const shown = recordErrorShown(item, 'hide', { ...CONTEXT, ids: ['2', VALUE] });
    expect(isApiError(shown)).toBe(true);
    expect(everything(shown)).not.toContain('jane.doe');
    expect(everything(shown)).not.toContain('example.com');
    expect(outcomeError(shown)).toMatchObject({
      code: 'CONFLICT',
      category: 'CONFLICT',
      subCategory: 'UNIQUE_VALUE',
    });
    const { message } = outcomeError(shown);
    expect(message).toContain('UNIQUE_VALUE VALUE_NOT_UNIQUE');
    expect(message).toContain('tickets records 1, 2');
    expect(message).toContain('tickets.support_mail, tickets.support_addr, tickets.other');
    expect(message).toContain('recordValues: hide');
    // reduced once: a step around the one that reduced it keeps it as it is
    expect(recordErrorShown(shown, 'hide', CONTEXT)).toBe(shown);
  });

  it('drops the request body a write of unknown outcome keeps, and the reason quoting the answer', () => {
    const body = { inputs: [{ id: '7', properties: { support_addr: VALUE } }] };
    const unknown = new OutcomeUnknownError(
      { ...CALL, status: 500, serverMessage: VALUE },
      body,
      `500 ${VALUE}`,
    );
    expect(everything(unknown)).toContain(VALUE);
    const shown = recordErrorShown(unknown, 'hide', { ...CONTEXT, ids: ['7'] });
    expect(everything(shown)).not.toContain('jane.doe');
    expect(outcomeError(shown)).toMatchObject({ code: 'OUTCOME_UNKNOWN', status: 500 });
    expect(outcomeError(shown).message).toContain('tickets record 7');
  });

  it('a category or sub-category that is no code is dropped too', () => {
    const item = errorFromBatchItem(CALL, {
      status: 'error',
      category: `CONFLICT ${VALUE}`,
      subCategory: `holds '${VALUE}'`,
      message: 'x',
      context: {},
      errors: [],
      links: {},
    });
    const shown = recordErrorShown(item, 'hide', CONTEXT);
    expect(everything(shown)).not.toContain('jane.doe');
  });

  it('a page read that fails: named by the properties alone', () => {
    const read = new ValidationError({
      method: 'GET',
      path: '/crm/v3/objects/tickets',
      status: 400,
      category: 'VALIDATION_ERROR',
      serverMessage: `bad after '${VALUE}'`,
    });
    const shown = recordErrorShown(read, 'hide', CONTEXT);
    expect(everything(shown)).not.toContain('jane.doe');
    expect(outcomeError(shown).message).toBe(
      'the CRM answered 400 VALIDATION_ERROR about tickets records (tickets.support_mail, tickets.support_addr); its message is not shown, as it may quote record values (recordValues: hide)',
    );
  });

  it('a required-property rule’s refusal: the message is left out', () => {
    const work = { read: 2, written: 1, passes: 1, verified: false };
    const hidden = new MigrationRuleError('tickets', ['2'], ['escalated_by'], undefined, work);
    expect(hidden.message).toContain(
      '(its message is not shown, as it may quote record values; recordValues: hide)',
    );
    const shown = new MigrationRuleError('tickets', ['2'], ['escalated_by'], `x '${VALUE}'`, work);
    expect(shown.message).toContain(VALUE);
  });
});

describe('under recordValues: show, and for what is not the CRM’s', () => {
  it('keeps the error as it came', () => {
    const item = errorFromBatchItem(CALL, {
      status: 'error',
      category: 'CONFLICT',
      message: VALUE,
      context: {},
      errors: [],
      links: {},
    });
    expect(recordErrorShown(item, 'show', CONTEXT)).toBe(item);
    const own = new Error(VALUE);
    expect(recordErrorShown(own, 'hide', CONTEXT)).toBe(own);
  });
});
