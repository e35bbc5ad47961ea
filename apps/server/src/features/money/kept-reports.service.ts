import type { PeriodQuery } from '@gona/shared/finance';
import type { FarmCtx } from '../../lib/ctx';
import { moneyReportJson } from './report-cache';
import { cashByMonth, moneyOwed, profitAndLoss } from './reports.service';

/**
 * The money reports as the JSON text they are answered with, kept by the farm's money version
 * (decision 049): the money screen and the farm's reports ask the same question here, so both
 * read one answer.
 */
export const profitJson = (ctx: FarmCtx, period: PeriodQuery) =>
  moneyReportJson(ctx, `profit ${period.from} ${period.to}`, () => profitAndLoss(ctx, period));

export const cashJson = (ctx: FarmCtx, period: PeriodQuery) =>
  moneyReportJson(ctx, `cash ${period.from} ${period.to}`, () => cashByMonth(ctx, period));

export const owedJson = (ctx: FarmCtx) => moneyReportJson(ctx, 'owed', () => moneyOwed(ctx));
