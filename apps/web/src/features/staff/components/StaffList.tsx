import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Phone, Users } from 'lucide-react';
import { can, type FarmRole } from '@gona/shared/permissions';
import { formatNigerianPhone } from '@gona/shared/phone';
import { STAFF_JOBS, STAFF_STATUSES, type StaffJob, type StaffStatus } from '@gona/shared/staff';
import {
  Badge,
  EmptyState,
  optionsOf,
  PagedList,
  ResponsiveList,
  SelectField,
  WaitingList,
  type ListColumn,
} from '@/components/ui';
import { FilterBar, NoMatch } from '@/components/ui/FilterBar';
import { pageItems } from '@/lib/paged-query';
import { useDebounced } from '@/lib/use-debounced';
import { useStaffList } from '../api';
import type { StaffFilters } from '../keys';
import { useShownMember, useWaitingStaff, type ShownMember } from '../mutations';
import { dayMonthYear } from '@/lib/format';
import { usePayText } from '../format';

type Props = {
  farmId: string;
  role: FarmRole;
  /** Where a staff member's record opens (the owner and managers edit it there). */
  editPath: (staffId: string) => string;
  /** The way to add someone, for the empty list; absent when the caller may not, or the plan is full. */
  addAction?: ReactNode;
};

const NO_FILTERS: StaffFilters = { search: '', job: '', status: '' };

/**
 * The farm's staff, active first then by name, with search (name or phone) and job and status
 * filters; cards with a tap-to-call number on phones, a table on wider screens. Pay shows only to
 * roles that may see money, and phone numbers only to those who manage staff (a worker sees their
 * own): the server leaves them out for the others.
 */
export function StaffList({ farmId, role, editPath, addAction }: Props) {
  const { t } = useTranslation('staff');
  const payText = usePayText();
  const [filters, setFilters] = useState<StaffFilters>(NO_FILTERS);
  const search = useDebounced(filters.search, 300);
  const list = useStaffList(farmId, { ...filters, search });
  const shown = useShownMember(farmId);
  const items = pageItems(list.data).map(shown);
  const waiting = useWaitingStaff(farmId);
  const canManage = can(role, 'staff.manage');
  const showPay = can(role, 'money.read');
  const filtered = filters.search !== '' || filters.job !== '' || filters.status !== '';

  const nameCell = (member: ShownMember) => (
    <div className="flex min-w-0 flex-col gap-1">
      {canManage ? (
        <Link
          to={editPath(member.id)}
          className="font-semibold wrap-anywhere text-green-800 underline-offset-2 hover:underline"
        >
          {member.name}
        </Link>
      ) : (
        <span className="font-semibold wrap-anywhere text-stone-900">{member.name}</span>
      )}
      <span className="text-sm wrap-anywhere text-stone-700">
        {t(`jobs.${member.job}`)} · {t(`employment.${member.employment_type}`)}
      </span>
    </div>
  );

  const phoneCell = (member: ShownMember) =>
    member.phone ? (
      <a
        href={`tel:${member.phone}`}
        aria-label={t('list.callName', { name: member.name, phone: formatNigerianPhone(member.phone) })}
        className="inline-flex min-h-11 items-center gap-2 font-medium whitespace-nowrap text-green-800 underline-offset-2 hover:underline"
      >
        <Phone aria-hidden="true" className="size-4 shrink-0" />
        {formatNigerianPhone(member.phone)}
      </a>
    ) : (
      <span className="text-stone-700">{t('list.noPhone')}</span>
    );

  const statusCell = (member: ShownMember) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      {member.status === 'left' ? (
        <>
          <Badge>{t('statuses.left')}</Badge>
          {member.end_date && (
            <span className="text-sm text-stone-700">
              {t('list.leftOn', { date: dayMonthYear(member.end_date) })}
            </span>
          )}
        </>
      ) : member.status === 'inactive' ? (
        <Badge tone="amber">{t('statuses.inactive')}</Badge>
      ) : (
        <>
          <Badge tone="green">{t('statuses.active')}</Badge>
          {member.start_date && (
            <span className="text-sm text-stone-700">
              {t('list.since', { date: dayMonthYear(member.start_date) })}
            </span>
          )}
        </>
      )}
      {member.waiting && <Badge tone="amber">{t('list.waiting')}</Badge>}
    </span>
  );

  const columns: ListColumn<ShownMember>[] = [
    { key: 'name', header: t('list.name'), render: nameCell },
    ...(canManage ? [{ key: 'phone', header: t('list.phone'), render: phoneCell }] : []),
    { key: 'status', header: t('list.status'), render: statusCell },
    ...(showPay
      ? [{ key: 'pay', header: t('list.pay'), render: (m: ShownMember) => payText(m), numeric: true }]
      : []),
  ];

  return (
    <section aria-label={t('list.label')} className="flex flex-col gap-4">
      <FilterBar
        search={{
          label: t('list.search'),
          placeholder: t(canManage ? 'list.searchPlaceholder' : 'list.searchPlaceholderName'),
          value: filters.search,
          onChange: (search) => setFilters((f) => ({ ...f, search })),
        }}
      >
        <SelectField
          label={t('list.job')}
          value={filters.job}
          onChange={(e) => setFilters((f) => ({ ...f, job: e.target.value as StaffJob | '' }))}
          placeholder={t('list.allJobs')}
          options={optionsOf(STAFF_JOBS, (job) => t(`jobs.${job}`))}
        />
        <SelectField
          label={t('list.status')}
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as StaffStatus | '' }))}
          placeholder={t('list.allStatuses')}
          options={optionsOf(STAFF_STATUSES, (status) => t(`statuses.${status}`))}
        />
      </FilterBar>

      <WaitingList
        label={t('list.waitingLabel')}
        items={waiting.map((member) => ({
          id: member.id,
          name: `${member.first_name} ${member.last_name}`,
          detail: `${t(`jobs.${member.job}`)} · ${t('list.waiting')}`,
        }))}
      />

      <PagedList
        query={list}
        items={items}
        skeletonRows={4}
        errorTitle={t('list.errorTitle')}
        errorText={(message) => t('list.errorText', { message })}
        empty={
          filtered ? (
            <NoMatch
              title={t('list.noMatchTitle')}
              text={t('list.noMatchText')}
              clearLabel={t('list.clearFilters')}
              onClear={() => setFilters(NO_FILTERS)}
            />
          ) : (
            <EmptyState
              icon={Users}
              title={t('list.emptyTitle')}
              description={canManage ? t('list.emptyText') : t('list.emptyTextReader')}
              action={addAction}
            />
          )
        }
      >
        {(rows) => (
          <ResponsiveList
            label={t('list.label')}
            items={rows}
            columns={columns}
            getKey={(member) => member.id}
            renderCard={(member) => (
              <div className="flex flex-col gap-2">
                <div className="flex items-start justify-between gap-3">
                  {nameCell(member)}
                  {showPay && payText(member) && (
                    <span className="max-w-[45%] shrink-0 text-right text-sm wrap-anywhere text-stone-800 tabular-nums">
                      {payText(member)}
                    </span>
                  )}
                </div>
                {statusCell(member)}
                {(canManage || member.phone) && <div>{phoneCell(member)}</div>}
              </div>
            )}
          />
        )}
      </PagedList>
    </section>
  );
}
