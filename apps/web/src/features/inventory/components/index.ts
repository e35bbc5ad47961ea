export { AlertsPanel } from './AlertsPanel';
export { ExportLinks } from './InventoryWidgets';
export { MovementDialog } from './MovementDialog';
export { RefusedChange } from './RefusedChange';
export { SuppliersManager } from './SuppliersManager';
export { SupplyDetail } from './SupplyDetail';
export { SupplyFormDialog } from './SupplyFormDialog';
export { SupplyList } from './SupplyList';
