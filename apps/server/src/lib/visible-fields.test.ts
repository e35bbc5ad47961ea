import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AuditLog } from '@gona/shared';
import { NOTIFICATION_KIND_NAMES } from '@gona/shared/notifications';
import * as schema from '../db/schema/index';
import {
  MONEY_FIELDS,
  MONEY_NAME,
  MONEY_NOTIFICATION_KINDS,
  MONEY_TABLES,
  notificationCarriesMoney,
  readsNotification,
  visibleAuditLog,
  visibleRecord,
} from './visible-fields';

describe('the one place names every money column', () => {
  it('each table with a money column is a money record, or lists the column as a money field', () => {
    const missing: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const name = getTableName(table);
      if ((MONEY_TABLES as readonly string[]).includes(name)) continue;
      const listed = (MONEY_FIELDS as Record<string, readonly string[]>)[name] ?? [];
      for (const column of Object.keys(getTableColumns(table)))
        if (MONEY_NAME.test(column) && !listed.includes(column)) missing.push(`${name}.${column}`);
    }
    expect(missing).toEqual([]);
  });

  it('names only tables that exist', () => {
    const names = new Set(
      Object.values(schema)
        .filter((table) => is(table, PgTable))
        .map((table) => getTableName(table as PgTable)),
    );
    const named = [...MONEY_TABLES, ...Object.keys(MONEY_FIELDS)];
    expect(named.filter((name) => !names.has(name))).toEqual([]);
  });

  it('names only notification kinds that exist', () => {
    expect(MONEY_NOTIFICATION_KINDS.filter((kind) => !NOTIFICATION_KIND_NAMES.includes(kind))).toEqual([]);
  });
});

describe('a record as each role reads it', () => {
  const field = { id: 'f', name: 'River plot', rent_kobo: 12_000_000 };
  const member = {
    id: 's',
    name: 'Garba Sani',
    phone: '+2348031112222',
    next_of_kin_name: 'Hauwa Sani',
    next_of_kin_phone: '+2348059998888',
    pay_rate_kobo: 4_500_000,
    pay_period: 'month',
    member_user_id: 'u-garba',
  };

  it('leaves money out for a worker, and keeps it for the owner, a manager and a viewer', () => {
    expect(visibleRecord('worker', 'fields', field)).toEqual({ id: 'f', name: 'River plot' });
    for (const role of ['owner', 'manager', 'viewer'] as const)
      expect(visibleRecord(role, 'fields', field)).toBe(field);
  });

  it('gives a phone and next of kin to those who manage staff, and to the person themself', () => {
    expect(visibleRecord({ role: 'manager', userId: 'u-other' }, 'staff', member)).toBe(member);
    expect(visibleRecord({ role: 'viewer', userId: 'u-other' }, 'staff', member)).toEqual({
      id: 's',
      name: 'Garba Sani',
      pay_rate_kobo: 4_500_000,
      pay_period: 'month',
      member_user_id: 'u-garba',
    });
    expect(visibleRecord({ role: 'worker', userId: 'u-other' }, 'staff', member)).toEqual({
      id: 's',
      name: 'Garba Sani',
      member_user_id: 'u-garba',
    });
    expect(visibleRecord({ role: 'worker', userId: 'u-garba' }, 'staff', member)).toEqual({
      id: 's',
      name: 'Garba Sani',
      phone: '+2348031112222',
      next_of_kin_name: 'Hauwa Sani',
      next_of_kin_phone: '+2348059998888',
      member_user_id: 'u-garba',
    });
  });
});

describe('a history row as each role reads it', () => {
  const row = (table_name: string, changes: unknown): AuditLog => ({
    id: 'a',
    user_id: null,
    farm_id: 'farm',
    table_name,
    record_id: 'r',
    action: 'update',
    changes,
    created_at: '2026-11-20T10:00:00.000Z',
    user_first_name: null,
    farm_timezone: 'Africa/Lagos',
  });

  it('leaves out a money record’s row for a worker, and keeps it for a viewer', () => {
    expect(visibleAuditLog('worker', row('expenses', { amount_kobo: 100 }))).toBeNull();
    expect(visibleAuditLog(null, row('pay_runs', {}))).toBeNull();
    expect(visibleAuditLog('viewer', row('expenses', { amount_kobo: 100 }))?.changes).toEqual({
      amount_kobo: 100,
    });
  });

  it('takes every money field out of a row’s changes, at any depth', () => {
    const changes = {
      name: 'River plot',
      rent_kobo: { from: 100, to: 200 },
      nested: [{ unit_cost_kobo: 5, quantity: '2', amount_kobo: 9 }],
    };
    expect(visibleAuditLog('worker', row('fields', changes))?.changes).toEqual({
      name: 'River plot',
      nested: [{ quantity: '2' }],
    });
  });

  it('takes a staff row’s phone and next of kin out for those who do not manage staff', () => {
    const changes = { first_name: 'Garba', phone: '+2348031112222', next_of_kin_name: 'Hauwa' };
    expect(visibleAuditLog('viewer', row('staff', changes))?.changes).toEqual({ first_name: 'Garba' });
    expect(visibleAuditLog('manager', row('staff', changes))?.changes).toEqual(changes);
  });
});

describe('notifications that carry money', () => {
  it('are read only by roles that read money', () => {
    expect(readsNotification('worker', 'payment_due')).toBe(false);
    expect(readsNotification('viewer', 'payment_due')).toBe(true);
    expect(readsNotification('worker', 'tasks_today')).toBe(true);
  });

  it('are known by their kind, or by a money key anywhere in their params', () => {
    expect(notificationCarriesMoney('payment_due', {})).toBe(true);
    const tasks = { farm_name: 'Green Acres', due_today: 3, overdue: 1, titles: ['Weed the maize'] };
    expect(notificationCarriesMoney('tasks_today', tasks)).toBe(false);
    const market = { farm_name: 'Green Acres', market: { change_percent: 18, price_kobo: 45_000 } };
    expect(notificationCarriesMoney('climate_alert', market)).toBe(true);
    expect(notificationCarriesMoney('a_kind_added_later', { lines: [{ amount_kobo: 5 }] })).toBe(true);
  });
});
