-- A payout that fails after it was sent has each of its entries reversed (docs/ledger.md "What
-- posts what"): the kind `payout_reversal` joins the ledger's kinds; contract/ledger.ts ENTRY_KINDS
-- lists the same names.
alter table ledger_entries drop constraint ledger_entries_kind_check;
alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (
  'sale', 'sale_reversal', 'supplier_cost', 'supplier_cost_reversal', 'label', 'label_void', 'refund', 'settlement', 'opening', 'adjustment',
  'refund_fee_clawback', 'payout_adjustment', 'reserve_held', 'reserve_released', 'payout_reversal',
  'supplier_payment', 'carrier_payment', 'reconciliation_writeoff',
  'advance_disbursed', 'advance_fee', 'advance_repayment', 'advance_payoff'
));
