import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  REGION_NAMES,
  orderNumber,
  type AuditEntity,
  type Region,
} from '@shop/common';

/** Applied audit filters, kept in the URL like the other back-office lists. */
export interface AuditFilters {
  actor: string;
  entity: string;
  action: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  actor: '',
  entity: '',
  action: '',
  startDate: '',
  endDate: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{24}$/;

/** Only values the server accepts reach it; anything else in the URL is dropped. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const pick = (key: string, ok: (value: string) => boolean) => {
    const value = params.get(key) ?? '';
    return ok(value) ? value : '';
  };
  return {
    actor: pick('actor', (v) => ID.test(v)),
    entity: pick('entity', (v) => (AUDIT_ENTITIES as readonly string[]).includes(v)),
    action: pick('action', (v) => (AUDIT_ACTIONS as readonly string[]).includes(v)),
    startDate: pick('startDate', (v) => DAY.test(v)),
    endDate: pick('endDate', (v) => DAY.test(v)),
  };
}

export function auditFiltersToParams(filters: AuditFilters, page = 1): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== ''),
  );
  if (page > 1) params.page = String(page);
  return params;
}

/**
 * Which record an entry is about, as staff name it: an order by its number, a delivery region by
 * its name in the reader's language, another record by the end of its id.
 */
export function auditRecord(entity: AuditEntity, entityId: string, language: string): string {
  if (entity === 'order' && ID.test(entityId)) return orderNumber(entityId);
  if (entityId in REGION_NAMES) {
    const names = REGION_NAMES[entityId as Region];
    return names[language as keyof typeof names] ?? names.uz;
  }
  return ID.test(entityId) ? entityId.slice(-8) : entityId;
}
