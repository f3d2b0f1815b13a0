/** The repricing engine (docs/repricing.md): pure business rules, no database, no HTTP. */
export { decide, OWN_BUY_BOX } from './engine';
export { computeFloor, FloorUnreachable } from './floor';
export { formatCents, rateToBp } from '../../../contract/money';
export { marginCents } from './margin';
export * from './types';
