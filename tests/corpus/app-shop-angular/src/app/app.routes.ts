import { Routes } from "@angular/router";

export const routes: Routes = [
  { path: "", loadComponent: () => import("./catalog/catalog.component").then((m) => m.CatalogComponent) },
  { path: "orders", loadComponent: () => import("./orders/orders.component").then((m) => m.OrdersComponent) },
  { path: "account", loadComponent: () => import("./account/profile.component").then((m) => m.ProfileComponent) },
];
