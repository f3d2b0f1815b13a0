/** Every orchestrator tool, declared once each (docs/orchestrator.md "Tools"). */
import type { AnyTool } from '../tool-kit';
import { explainOrder, findOrders, holdOrder, routeOrder } from './orders';
import { activateListings, explainPriceChange, findListings, pauseListings } from './listings';
import { approveProposal, approveProposals, rejectProposal, rejectProposals } from './pricing';
import { findPurchaseOrders, findSuppliers, scoreSuppliers, supplierScore } from './suppliers';
import { findProducts, findReturns } from './catalog';
import { findAlerts, summariseToday } from './alerts';
import { discardFailedMessages, findFailedMessages, replayFailedMessages } from './dlq';
import { checkCapitalEligibility } from './capital';

export const TOOLS: readonly AnyTool[] = [
  findOrders, findProducts, findListings, findSuppliers, findPurchaseOrders, findReturns, findAlerts, findFailedMessages,
  explainOrder, explainPriceChange, supplierScore, summariseToday, checkCapitalEligibility,
  pauseListings, activateListings, approveProposal, rejectProposal, approveProposals, rejectProposals,
  holdOrder, routeOrder, replayFailedMessages, discardFailedMessages, scoreSuppliers,
];

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
export const toolNamed = (name: string): AnyTool | undefined => BY_NAME.get(name);
