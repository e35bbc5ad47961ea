import type { ExpenseCategory, PaymentMethod, SalePaymentStatus, SaleUnit } from './constants';

/**
 * English words for money values where the server writes for people (CSV exports). The web app
 * says the same through its catalogue; a web test keeps the two the same.
 */
export const CATEGORY_WORDS: Record<ExpenseCategory, string> = {
  seeds: 'Seeds',
  fertilizer: 'Fertilizer',
  agrochemicals: 'Agrochemicals',
  feed: 'Feed',
  veterinary: 'Veterinary',
  labour: 'Labour',
  fuel: 'Fuel',
  equipment: 'Equipment and repairs',
  transport: 'Transport',
  land_rent: 'Land rent',
  utilities: 'Utilities',
  loan_repayment: 'Loan repayment',
  other: 'Other',
};

export const METHOD_WORDS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  pos: 'POS',
  mobile_money: 'Mobile money',
};

export const SALE_UNIT_WORDS: Record<SaleUnit, string> = {
  kg: 'kg',
  bag_50kg: 'bags (50 kg)',
  bag_100kg: 'bags (100 kg)',
  tonne: 'tonnes',
  basket: 'baskets',
  tuber: 'tubers',
  bunch: 'bunches',
  crate: 'crates',
  head: 'head',
  litre: 'litres',
  piece: 'pieces',
};

export const PAYMENT_STATUS_WORDS: Record<SalePaymentStatus, string> = {
  paid: 'Paid',
  part_paid: 'Part paid',
  unpaid: 'Unpaid',
};
