/** Every screen each role reaches from the menu, by address. */
export const ADMIN_ROUTES = [
  "/dashboards",
  "/reports-metrics",
  "/picklist-create",
  "/picklist-process",
  "/picklist-shipment-history",
  "/pickup-new-order",
  "/pickup-process",
  "/pickup-history",
  "/return-new",
  "/return-process",
  "/return-history",
  "/settings-manage-users",
  "/settings-manage-recipients",
  "/settings-notifications-stores",
  "/settings-service-notifications",
  "/settings-email-templates",
  "/settings-api-keys",
  "/settings-deadlines",
  "/settings-audit-log",
  "/settings-customer-data",
  "/settings-products",
  "/change-password",
];

export const STORE_ROUTES = [
  "/dashboards-store",
  "/reports-metrics-store",
  "/picklist-pending",
  "/picklist-history-store",
  "/pickup-pending",
  "/pickup-history-store",
  "/return-store",
  "/return-history-store",
  "/change-password",
];

/** A Supervisor's screens (issue 31): what it reads, its account. */
export const SUPERVISOR_ROUTES = [
  "/dashboards-supervisor",
  "/reports-metrics",
  "/picklist-shipment-history",
  "/pickup-history",
  "/return-history",
  "/change-password",
];
