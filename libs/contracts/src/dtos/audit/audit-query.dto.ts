import { Transform, type TransformFnParams } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AUDIT_ACTIONS, type AuditAction } from '../../events/audit.events.js';
import { queryInteger } from '../transforms.js';

/** The refusals of the audit trail's filters (ADR 0075), each naming its field. */
export const AUDIT_QUERY_MESSAGES = {
  ACTOR: 'actor must be an id, email or label of at most 200 characters',
  ACTION: `action must be one of: ${AUDIT_ACTIONS.join(', ')}`,
  TARGET: 'target must be an id of at most 200 characters',
  FROM: 'from must be an ISO 8601 date or date-time with a time zone, e.g. 2026-11-25 or 2026-11-25T10:00:00Z',
  TO: 'to must be an ISO 8601 date or date-time with a time zone, e.g. 2026-11-25 or 2026-11-25T10:00:00Z',
  RANGE: 'to must be after from',
  BEFORE: 'before must be the nextBefore of a previous page (a whole number from 1)',
  LIMIT: 'limit must be a whole number from 1 to 200',
} as const;

/** The most rows one page of the trail holds (and the page size the CSV export reads with). */
export const AUDIT_PAGE_MAX = 200;
/** The most rows one CSV export holds: the newest that match. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

/** A date (`2026-11-25`, midnight UTC) or a date-time with its zone: a time without one would depend on the server's. */
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A filter left blank (`?actor=`) is no filter; anything else is trimmed. */
const blankIsAbsent = ({ value }: TransformFnParams): unknown => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** A query-string whole number (`?limit=20`) as a number, blank as absent. */
const blankOrInteger = (params: TransformFnParams): unknown => queryInteger({ ...params, value: blankIsAbsent(params) });

/** The filters of the trail, shared by its pages and its CSV export (GET /api/admin/audit, /api/console/audit …). */
export class AuditFiltersDto {
  @IsOptional()
  @Transform(blankIsAbsent)
  @MaxLength(200, { message: AUDIT_QUERY_MESSAGES.ACTOR })
  @IsString({ message: AUDIT_QUERY_MESSAGES.ACTOR })
  actor?: string;

  @IsOptional()
  @Transform(blankIsAbsent)
  @IsIn(AUDIT_ACTIONS, { message: AUDIT_QUERY_MESSAGES.ACTION })
  action?: AuditAction;

  @IsOptional()
  @Transform(blankIsAbsent)
  @MaxLength(200, { message: AUDIT_QUERY_MESSAGES.TARGET })
  @IsString({ message: AUDIT_QUERY_MESSAGES.TARGET })
  target?: string;

  @IsOptional()
  @Transform(blankIsAbsent)
  @IsISO8601({ strict: true }, { message: AUDIT_QUERY_MESSAGES.FROM })
  @Matches(INSTANT, { message: AUDIT_QUERY_MESSAGES.FROM })
  @IsString({ message: AUDIT_QUERY_MESSAGES.FROM })
  from?: string;

  @IsOptional()
  @Transform(blankIsAbsent)
  @IsISO8601({ strict: true }, { message: AUDIT_QUERY_MESSAGES.TO })
  @Matches(INSTANT, { message: AUDIT_QUERY_MESSAGES.TO })
  @IsString({ message: AUDIT_QUERY_MESSAGES.TO })
  to?: string;
}

/** One page of the trail: the filters, the paging cursor and the page size (AuditQuery). */
export class AuditQueryDto extends AuditFiltersDto {
  @IsOptional()
  @Transform(blankOrInteger)
  @Min(1, { message: AUDIT_QUERY_MESSAGES.BEFORE })
  @IsInt({ message: AUDIT_QUERY_MESSAGES.BEFORE })
  before?: number;

  @IsOptional()
  @Transform(blankOrInteger)
  @Max(AUDIT_PAGE_MAX, { message: AUDIT_QUERY_MESSAGES.LIMIT })
  @Min(1, { message: AUDIT_QUERY_MESSAGES.LIMIT })
  @IsInt({ message: AUDIT_QUERY_MESSAGES.LIMIT })
  limit?: number;
}
