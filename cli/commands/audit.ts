import { UsageError, usageLine, type Command } from '../command.ts';
import { auditExport, type AuditRecordDto } from '../../core/payouts/audit-trail.ts';
import { isCalendarDate } from '../../core/prizes/weekly-defaults.ts';
import { instant } from '../format.ts';

const CSV_COLUMNS = ['at', 'kind', 'admin_id', 'admin', 'subject', 'from', 'to', 'note', 'reference'] as const;

/** RFC 4180 quoting (lines end in LF): a field with a comma, quote or line break is quoted, its quotes doubled. */
export const csvField = (value: string | null): string => {
  const text = value ?? '';
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const auditCsv = (records: AuditRecordDto[]): string =>
  [
    CSV_COLUMNS.join(','),
    ...records.map((r) =>
      [r.at, r.kind, r.adminId, r.adminName, r.subject, r.fromState, r.toState, r.note, r.reference]
        .map(csvField)
        .join(','),
    ),
  ].join('\n');

const line = (r: AuditRecordDto): string =>
  [
    `${instant(r.at)}  ${r.adminName ?? r.adminId}  ${r.subject}`,
    `    ${r.fromState ?? '-'} -> ${r.toState ?? '-'}${r.note ? `  note: ${r.note}` : ''}${r.reference ? `  reference: ${r.reference}` : ''}`,
  ].join('\n');

const text = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

const dateOption = (value: string | boolean | undefined, name: string): string | undefined => {
  const date = text(value);
  if (date !== undefined && !isCalendarDate(date))
    throw new UsageError(`--${name} expects a date YYYY-MM-DD, got '${date}'.`, usageLine(auditCommand));
  return date;
};

export const auditCommand: Command = {
  name: 'audit',
  args: [],
  options: {
    since: {
      type: 'string',
      valueName: 'DATE',
      description: 'First UTC day included, YYYY-MM-DD (default: the beginning)',
    },
    until: { type: 'string', valueName: 'DATE', description: 'Last UTC day included, YYYY-MM-DD (default: today)' },
    admin: { type: 'string', valueName: 'EMAIL', description: "Only this admin's changes" },
    csv: { type: 'boolean', description: 'Print CSV (RFC 4180, a header row) for a spreadsheet or the accountant' },
  },
  summary: 'Show the money trail: every payout decision and prize setting change, newest first.',
  details: [
    'Each record: when, which admin, what (the payout or the prize slot), the state before and after, the review note',
    'and the payment reference of a paid payout. Example: lowest audit --since 2026-11-01 --csv > audit.csv',
  ].join('\n'),
  run: async ({ options, open }) => {
    const from = dateOption(options.since, 'since');
    const to = dateOption(options.until, 'until');
    const { deps } = await open();
    const records = await auditExport(deps, { from, to, adminEmail: text(options.admin) });
    if (options.csv === true) return { data: { records }, text: auditCsv(records) };
    return {
      data: { records },
      text: records.length === 0 ? 'No payout decision or prize change matches.' : records.map(line).join('\n'),
    };
  },
};
