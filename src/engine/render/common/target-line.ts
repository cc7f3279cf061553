/**
 * The line naming where a plan, a drift check or an apply ran: the URL, the environment and the account
 * found there, so a reviewer sees which account it is, not only a URL every account shares.
 *
 *   https://api.example.com (environment production), account 1000001 (Acme)
 *   Target: `https://api.example.com` (environment `production`), account `1000001` (Acme)
 *
 * The account's name (else its web host) comes from the account: callers pass neutralized documents.
 */
import type { PlanTarget, TargetAccount } from '../../model/plan-target.js';
import { codeSpan, escapeMarkdown } from './markdown-escape.js';

/** What the account's details call it besides its id: its name, else its web host. */
function accountLabel(account: TargetAccount): string | undefined {
  return account.name ?? account.uiDomain;
}

/** `account 1000001 (Acme)`, `account 1000001`, `account unknown` */
export function accountText(account: TargetAccount | undefined): string {
  if (account === undefined) return 'account unknown';
  const label = accountLabel(account);
  return `account ${account.id}${label === undefined ? '' : ` (${label})`}`;
}

/** `https://api.example.com (environment production), account 1000001 (Acme)` */
export function targetText(target: PlanTarget): string {
  const environment = target.environment === undefined ? '' : ` (environment ${target.environment})`;
  return `${target.baseUrl}${environment}, ${accountText(target.account)}`;
}

/** `Target: \`https://api.example.com\` (environment \`production\`), account \`1000001\` (Acme)` */
export function targetMarkdown(target: PlanTarget): string {
  const environment =
    target.environment === undefined ? '' : ` (environment ${codeSpan(target.environment)})`;
  const account = target.account;
  const label = account === undefined ? undefined : accountLabel(account);
  const named =
    account === undefined
      ? 'account unknown'
      : `account ${codeSpan(String(account.id))}${label === undefined ? '' : ` (${escapeMarkdown(label)})`}`;
  return `Target: ${codeSpan(target.baseUrl)}${environment}, ${named}`;
}

/** A report with `target` as its first key (when it has one), the others in their own order. */
export function targetFirst<T extends { target?: unknown }>(document: T): T {
  if (document.target === undefined) return document;
  const { target, ...rest } = document;
  return { target, ...rest } as T;
}
