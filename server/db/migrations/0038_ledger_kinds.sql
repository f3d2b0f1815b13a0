-- The ledger's kinds of entry and business objects grow for payouts, reconciliation, payments to
-- suppliers and carriers, and capital (docs/ledger.md "What posts what"); contract/ledger.ts lists
-- the same names (ENTRY_KINDS, OBJECT_TYPES). Entries already written keep their kinds.
alter table ledger_entries drop constraint ledger_entries_kind_check;
alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (
  'sale', 'sale_reversal', 'supplier_cost', 'supplier_cost_reversal', 'label', 'label_void', 'refund', 'settlement', 'opening', 'adjustment',
  'refund_fee_clawback', 'payout_adjustment', 'reserve_held', 'reserve_released',
  'supplier_payment', 'carrier_payment', 'reconciliation_writeoff',
  'advance_disbursed', 'advance_fee', 'advance_repayment', 'advance_payoff'
));
alter table ledger_entries drop constraint ledger_entries_object_type_check;
alter table ledger_entries add constraint ledger_entries_object_type_check check (object_type in (
  'order', 'purchase_order', 'shipment', 'return', 'settlement', 'payout_line', 'reconciliation_problem', 'advance', 'tenant'
));
